// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The outbox's rows as JSON: the domain's events in (what OutboxRepository::record writes), the
// parts the relay reads out. The row's payload is what the relay, the seat history
// (db/seathistory: hold_id, reason, order_id and the whole payload as `details`) and the
// account erasure (`owner`) read, so its members keep their names.

#include "domain/events/domainevent.h"

#include <QJsonObject>
#include <QList>

namespace boxoffice::server::db {

/// One outbox row as written: `eventId` empty for a row that belongs to no event.
struct OutboxRow
{
    QString eventId;
    QString kind;
    QJsonObject payload;
};

/// The rows one event becomes, in the order they are written (none when nothing changed).
QList<OutboxRow> outboxRows(const domain::events::DomainEvent &event);

/// What the relay reads of a row's payload: the seats and the GA zone it changed on the map;
/// for `order.*` rows the order and its owner.
struct OutboxChange
{
    QStringList seats;
    QString gaZone; ///< only `ga` names a zone the map recounts (`ga_id` rows leave it alone)
    QString orderId;
    QString owner;
};

OutboxChange readOutboxPayload(const QByteArray &payload);

} // namespace boxoffice::server::db
