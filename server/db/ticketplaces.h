// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace boxoffice::server::db {

class Tx;

/// Where a seat is, as a ticket prints it.
struct SeatPlace
{
    QString section;
    QString row;
    QString number;
};

/// Seat and GA labels for printed tickets.
class TicketPlaces
{
public:
    static QHash<QString, SeatPlace> seats(Tx &tx, const QString &eventId, const QStringList &ids);
    /// GA zone id -> its name.
    static QHash<QString, QString> gaNames(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
