// SPDX-License-Identifier: GPL-3.0-or-later
#include "providereventrepository.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {

const Statement kInsertEvent{"payment_event_insert",
                             "INSERT INTO payment_events (provider_event_id, type, intent_id,"
                             " payload) VALUES ($1, $2, NULLIF($3, ''), $4::jsonb)"
                             " ON CONFLICT DO NOTHING RETURNING 1"};
const Statement kEventOutcome{"payment_event_outcome",
                              "UPDATE payment_events SET outcome = $2, processed_at = now()"
                              " WHERE provider_event_id = $1"};

} // namespace

bool ProviderEventRepository::insert(Tx &tx,
                                     const QString &eventId,
                                     const QString &type,
                                     const QString &intentId,
                                     const QByteArray &payload)
{
    return !exec(tx, kInsertEvent, str(eventId), str(type), str(intentId), payload.toStdString())
                .empty();
}

void ProviderEventRepository::setOutcome(Tx &tx, const QString &eventId, const QString &outcome)
{
    exec(tx, kEventOutcome, str(eventId), str(outcome));
}

} // namespace boxoffice::server::db
