// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/error.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace boxoffice::server::ws {

/// A client's request frame (API.md, WebSocket): {"id", "op", "params"}, or the params beside
/// `id` and `op`. Pure parsing, apart from the session (and fuzzed in tests/fuzz).
struct WsFrame
{
    enum class Status {
        Ok,
        NotAnObject, ///< not one JSON object: answered with a null id
        NoIdOrOp,    ///< answered with `id` as far as there is one
    };

    Status status = Status::NotAnObject;
    QJsonValue id;      ///< a number or a string when Ok
    QString op;         ///< when Ok
    QJsonObject params; ///< without `id` and `op`

    static WsFrame parse(const QString &text);
};

/// The 400 problem of a frame.
domain::Error badRequest(const QString &detail);
/// A non-empty string member of an op's params; throws badRequest otherwise.
QString requireString(const QJsonObject &params, const QString &name);
/// An id parameter (event_id, hold_id, order_id, queue_id): one spelling, as over REST.
QString requireId(const QJsonObject &params, const QString &name);
/// `since` of a seat-map subscription: -1 when absent or null, else a version number (throws
/// badRequest for anything else).
qint64 subscriptionSince(const QJsonObject &params);

} // namespace boxoffice::server::ws
