// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

class QHttpServerRequest;

namespace boxoffice::server::http {

/// A copy of what a handler needs from a request, safe to carry to a worker thread
/// (QHttpServerRequest lives only as long as the synchronous part of the route).
struct Request
{
    QByteArray method;
    QUrl url;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QString remoteAddress; ///< the peer's IP (per-IP rate limits)
    /// The client's X-Request-Id when it is a sane token, else one made up (see ensureRequestId).
    mutable QByteArray requestId;

    static Request from(const QHttpServerRequest &request);
    /// The first header named `name` (case-insensitive), or empty.
    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
    /// Fills requestId once: X-Request-Id if 1-128 of [A-Za-z0-9._:-], else 16 random hex digits.
    const QByteArray &ensureRequestId() const;
    /// The language of a document for the caller: "es" when asked for (?lang=es, or Spanish
    /// first in Accept-Language), else "en".
    QString documentLanguage() const;
};

/// While alive, the request id of the request this thread handles: problem answers carry it
/// (`request_id` and X-Request-Id) and JSON log lines too, so a fan's complaint can be traced.
class RequestIdScope
{
public:
    explicit RequestIdScope(const Request &request);
    ~RequestIdScope();
    RequestIdScope(const RequestIdScope &) = delete;
    RequestIdScope &operator=(const RequestIdScope &) = delete;
    /// The id of the request in scope on this thread, or empty.
    static QByteArray current();

private:
    QByteArray m_previous;
};

} // namespace boxoffice::server::http
