// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/events/domainevent.h"

#include <QJsonObject>
#include <QString>

namespace boxoffice::server::db {

class Tx;

/// The outbox (`outbox`): every change others must hear of (seat map, order updates, search,
/// mail) appends a row in the transaction that makes the change; the relay publishes them in
/// commit order. Statements that change a row and log it in one go (`hold_seats`, the sweeper,
/// `OrderRepository::setOrderStatus`) write their rows themselves.
class OutboxRepository
{
public:
    /// Appends the rows of one domain event (db/outboxcodec).
    static void record(Tx &tx, const domain::events::DomainEvent &event);
    /// Appends a row about one event.
    static void append(Tx &tx,
                       const QString &eventId,
                       const QString &kind,
                       const QJsonObject &payload);
    /// Appends a row that belongs to no event (venue changes).
    static void appendWithoutEvent(Tx &tx, const QString &kind, const QJsonObject &payload);
};

} // namespace boxoffice::server::db
