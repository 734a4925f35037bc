// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"
#include "response.h"
#include "ticketcodes.h"

#include <QJsonArray>

namespace boxoffice::server::db {
class Database;
class Tx;
struct ScanRequest;
struct ScannedTicket;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// The door: scans decided by the database (one conditional update per admission), the
/// published keys and the revocation list that let scanners decide offline.
class TicketScanService
{
public:
    TicketScanService(db::Database &database, const TicketCodes &codes);

    /// POST /tickets/scan: {"result","ticket","first_used_at"} (API.md). `body` as sent.
    Response scan(const Principal &caller, const QJsonObject &body);
    /// POST /tickets/scans: a scanner's journal, in order; {"results":[scan answer...]}.
    Response scanBatch(const Principal &caller, const QJsonObject &body);
    /// GET /events/{id}/ticket-keys (public).
    Response keys(const QString &eventId);
    /// GET /events/{id}/ticket-revocations?since= (door staff and up).
    Response revocations(const Principal &caller, const QString &eventId, const QString &since);

private:
    /// Decides and records scans in order, set-based: one read with row locks, one update,
    /// one insert per call, whatever the number of scans.
    QJsonArray scanAll(db::Tx &tx, const QList<QJsonObject> &bodies);
    /// The rule for one scan against its ticket's locked row (nullptr: unknown); "admitted"
    /// updates `ticket` as the admission leaves it.
    static QString decide(const db::ScanRequest &scan,
                          db::ScannedTicket *ticket,
                          const QString &now);
    bool eventExists(const QString &eventId);

    db::Database &m_database;
    const TicketCodes &m_codes;
};

} // namespace boxoffice::server::domain
