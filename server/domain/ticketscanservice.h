// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "principal.h"
#include "result.h"
#include "ticketcodes.h"

#include "db/rows/ticketscan.h"

#include <QList>

#include <optional>

namespace boxoffice::server::domain {

using db::Revocation;
using db::ScannedTicket;
using db::ScanRequest;

/// One scan as the door sent it (read by api::parseScan): the code it read and what it asks.
/// `request`'s ticket id and code version are the service's to fill, from the code.
struct DoorScan
{
    QString code;
    ScanRequest request;
};

/// What the door is told about one scan.
struct ScanOutcome
{
    QString result; ///< valid|already_used|void|wrong_event|unknown
    /// The ticket as the scan left it (an admission sets its first use); none: unknown.
    std::optional<ScannedTicket> ticket;
    bool doubleEntry = false; ///< two offline gates let it in; the server kept the first
};

/// One page of an event's revocation list, and where the next one starts.
struct RevocationPage
{
    QList<Revocation> revoked;
    QString cursor;
    bool more = false;
};

/// The door: scans decided by the database (one conditional update per admission), the
/// published keys and the revocation list that let scanners decide offline.
class TicketScanService
{
public:
    TicketScanService(db::Database &database, const TicketCodes &codes);

    /// POST /tickets/scan (door staff and up).
    Result<ScanOutcome> scan(const Principal &caller, const DoorScan &scan);
    /// POST /tickets/scans: a scanner's journal, decided in order in one transaction.
    Result<QList<ScanOutcome>> scanBatch(const Principal &caller, const QList<DoorScan> &scans);
    /// GET /events/{id}/ticket-keys (public): every published key.
    Result<QList<TicketKey>> keys(const QString &eventId);
    /// GET /events/{id}/ticket-revocations?since= (door staff and up).
    Result<RevocationPage> revocations(const Principal &caller,
                                       const QString &eventId,
                                       const QString &since);

private:
    /// Decides and records scans in order, set-based: one read with row locks, one update,
    /// one insert per call, whatever the number of scans.
    QList<ScanOutcome> scanAll(db::Tx &tx, const QList<DoorScan> &scans);
    /// The rule for one scan against its ticket's locked row (nullptr: unknown); "admitted"
    /// updates `ticket` as the admission leaves it.
    static QString decide(const ScanRequest &scan, ScannedTicket *ticket, const QString &now);
    bool eventExists(const QString &eventId);

    db::Database &m_database;
    const TicketCodes &m_codes;
};

} // namespace boxoffice::server::domain
