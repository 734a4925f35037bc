// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/ticketscan.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A ticket signing key as stored: the private seed sealed with the operator's wrapping key.
struct StoredTicketKey
{
    QString kid;
    QByteArray publicKey;
    QByteArray sealedSeed;
};

/// Where a reader of the revocation list stands: (transaction id, sequence) of the last row.
struct RevocationCursor
{
    QByteArray txid = "0";
    qint64 seq = 0;
};

/// Ticket signing keys, scans at the door and the revocation list.
class TicketRepository
{
public:
    static QList<StoredTicketKey> keys(Tx &tx);
    static void insertKey(Tx &tx, const StoredTicketKey &key);
    /// Takes the lock that makes "create a key when there is none" one decision across servers.
    static void lockKeys(Tx &tx);
    static bool eventExists(Tx &tx, const QString &eventId);

    static std::optional<ScannedTicket> find(Tx &tx, const QString &ticketId);
    /// The tickets among `ids`, each locked until the transaction ends, in id order (two gates
    /// syncing overlapping journals wait for each other rather than deadlock). `now`: the
    /// transaction's time as a scan's first_used_at shows it.
    static QHash<QString, ScannedTicket> lockForScans(Tx &tx, const QStringList &ids, QString *now);
    /// Marks these admissions (one per ticket, of tickets locked by lockForScans) at once.
    static void markAdmitted(Tx &tx, const QList<ScanRequest> &admitted);
    /// Writes these scans to the log in one statement, in their order.
    static void logScans(Tx &tx, const QList<LoggedScan> &scans);
    /// The tickets among `ids` that were admitted at a door.
    static QStringList usedAmong(Tx &tx, const QStringList &ids);

    /// Revocations of the event after `cursor` (committed ones only), at most `limit`; the
    /// cursor to ask with next time.
    static QList<Revocation> revocations(Tx &tx,
                                         const QString &eventId,
                                         const RevocationCursor &cursor,
                                         int limit,
                                         RevocationCursor *next);
    /// A reissue: the ticket's new version and code (the trigger lists the old version).
    static void bumpVersion(Tx &tx, const QString &ticketId, int version, const QString &code);
};

} // namespace boxoffice::server::db
