// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The recorded history of one seat of an event (written by the outbox relay).
struct SeatHistoryRepository
{
    /// Entries oldest first (each the JSON text of one object), or std::nullopt when the event
    /// has no such seat.
    static std::optional<QList<QByteArray>> history(Tx &tx,
                                                    const QString &eventId,
                                                    const QString &seatId);
};

} // namespace boxoffice::server::db
