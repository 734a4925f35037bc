// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/countertickets.h"
#include "domain/idempotency.h"
#include "domain/orderservice.h"
#include "domain/salecontact.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The optional `email` and `locale` of a counter POST /orders; throws Error(BadRequest).
domain::SaleContact parseSaleContact(const QJsonObject &body);
/// POST /orders/{id}/mail: `{"email"?, "locale"?}` and nothing else; throws Error(BadRequest).
domain::SaleContact parseMailAgain(const QJsonObject &body);
/// POST /orders/{id}/printed: `{"ticket_ids": [...], "printer"?}`; throws Error(BadRequest).
domain::PrintRequest parsePrintRequest(const QJsonObject &body);
/// How a counter sale's first answer is kept for replays: 201 (a new order) or 200 (the hold's
/// order) with orderJson, or the problem.
domain::AnswerCodec<domain::PlacedOrder> counterSaleCodec();
/// `{"order_id", "mail_id", "to", "locale", "status": "queued"}` (202).
QJsonObject mailQueuedJson(const domain::MailQueued &queued);
/// How a mail-again's first answer is kept for replays (202 with mailQueuedJson, or the problem).
domain::AnswerCodec<domain::MailQueued> mailQueuedCodec();
/// GET /orders?q=: `{"items": [Order + "customer" {username, email, name} + "event" {id,
/// title, starts_at, time_zone, venue}]}`.
QJsonObject counterOrdersJson(const QList<domain::CounterOrder> &orders);
/// `{"order_id", "printed"}`.
QJsonObject printedTicketsJson(const domain::PrintedTickets &printed);

} // namespace boxoffice::server::api
