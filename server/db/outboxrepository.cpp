// SPDX-License-Identifier: GPL-3.0-or-later
#include "outboxrepository.h"

#include "outboxcodec.h"
#include "statement.h"

#include <QJsonDocument>

namespace boxoffice::server::db {

namespace {

const Statement
    kOutbox{"outbox_insert",
            "INSERT INTO outbox (event_id, kind, payload) VALUES ($1::uuid, $2, $3::jsonb)"};
const Statement kOutboxWithoutEvent{"outbox_insert_without_event",
                                    "INSERT INTO outbox (kind, payload) VALUES ($1, $2::jsonb)"};

std::string json(const QJsonObject &payload)
{
    return QJsonDocument(payload).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace

void OutboxRepository::record(Tx &tx, const domain::events::DomainEvent &event)
{
    for (const OutboxRow &row : outboxRows(event)) {
        if (row.eventId.isEmpty())
            appendWithoutEvent(tx, row.kind, row.payload);
        else
            append(tx, row.eventId, row.kind, row.payload);
    }
}

void OutboxRepository::append(Tx &tx,
                              const QString &eventId,
                              const QString &kind,
                              const QJsonObject &payload)
{
    exec(tx, kOutbox, str(eventId), str(kind), json(payload));
}

void OutboxRepository::appendWithoutEvent(Tx &tx, const QString &kind, const QJsonObject &payload)
{
    exec(tx, kOutboxWithoutEvent, str(kind), json(payload));
}

} // namespace boxoffice::server::db
