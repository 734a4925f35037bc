// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/parsed.h>

#include <QDateTime>
#include <QJsonObject>
#include <QStringList>

namespace boxoffice::protocol {

/// API.md's hold: `{"hold_id","event_id","seats","ga":{"id","quantity"}|null,"expires_at",
/// "status"}`, plus `allocation` for a clerk's hold on seats held back for one.
struct Hold
{
    QString id;
    QString eventId;
    QStringList seats;
    QString gaId; ///< empty: no GA places (`ga` is null)
    int gaQuantity = 0;
    QDateTime expiresAt;
    QString status; ///< active|released|expired|ordered
    QString allocation;

    QJsonObject toJson() const;
    static Parsed<Hold> fromJson(const QJsonObject &json);
};

} // namespace boxoffice::protocol
