// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/ticketscanservice.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// POST /tickets/scan's body: `{"code", "event_id", "gate"?, "direction"?, "scanned_at"?,
/// "device_id"?, "admitted_offline"?}`; throws Error(BadRequest) for a malformed one.
domain::DoorScan parseScan(const QJsonObject &body);
/// POST /tickets/scans' body: `{"scans": [scan...]}`, at most 1000; every scan is checked
/// before any is decided, so a bad journal entry fails the batch before any write.
QList<domain::DoorScan> parseScanBatch(const QJsonObject &body);

/// `{"result", "ticket"?, "first_used_at"?, "first_used_gate"?, "double_entry"?}` (API.md).
QJsonObject scanOutcomeJson(const domain::ScanOutcome &outcome);
/// `{"results": [scan answer...]}`, in the journal's order.
QJsonObject scanBatchJson(const QList<domain::ScanOutcome> &outcomes);
/// `{"keys": [JWK...]}`: the Ed25519 public keys a scanner verifies codes with.
QJsonObject ticketKeysJson(const QList<domain::TicketKey> &keys);
/// `{"revoked": [{"ticket_id", "version"}...], "cursor", "more"}`.
QJsonObject revocationPageJson(const domain::RevocationPage &page);

} // namespace boxoffice::server::api
