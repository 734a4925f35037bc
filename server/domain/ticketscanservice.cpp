// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketscanservice.h"

#include "ids.h"
#include "ruletransaction.h"

#include "core/ticketcode.h"
#include "db/database.h"
#include "db/ticketrepository.h"

#include <QUuid>

namespace boxoffice::server::domain {

using db::TicketRepository;

namespace {

constexpr int kRevocationPage = 5000;

QString cursorText(const db::RevocationCursor &cursor)
{
    return QString::fromLatin1(cursor.txid) + u'-' + QString::number(cursor.seq);
}

std::optional<db::RevocationCursor> parseCursor(const QString &text)
{
    if (text.isEmpty())
        return db::RevocationCursor{};
    const qsizetype dash = text.indexOf(u'-');
    bool txOk = false, seqOk = false;
    const quint64 txid = text.left(dash).toULongLong(&txOk);
    const qint64 seq = text.mid(dash + 1).toLongLong(&seqOk);
    if (dash <= 0 || !txOk || !seqOk || seq < 0)
        return std::nullopt;
    return db::RevocationCursor{QByteArray::number(txid), seq};
}

} // namespace

TicketScanService::TicketScanService(db::Database &database, const TicketCodes &codes)
    : m_database(database)
    , m_codes(codes)
{}

namespace {

// first_used_at as the database shows it: UTC, whole seconds.
QString usedAtText(const QString &scannedAt, const QString &now)
{
    if (scannedAt.isEmpty())
        return now;
    return QDateTime::fromString(scannedAt, Qt::ISODateWithMs)
        .toUTC()
        .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"));
}

// Constant time: a door must not learn an issued code byte by byte from answer times.
bool sameCode(const QString &scanned, const QString &issued)
{
    if (scanned.size() != issued.size())
        return false;
    ushort diff = 0;
    for (qsizetype i = 0; i < scanned.size(); ++i)
        diff |= scanned[i].unicode() ^ issued[i].unicode();
    return diff == 0;
}

} // namespace

QList<ScanOutcome> TicketScanService::scanAll(db::Tx &tx, const QList<DoorScan> &doorScans)
{
    // Set-based (#16): the batch's tickets are read and locked in one statement, each scan is
    // decided in journal order against those locked rows (so a ticket twice in one journal
    // sees its own first admission), and the admissions and the log are written in one
    // statement each. A signed code equal to the one the ticket was issued with is authentic
    // without checking its signature (the database keeps the issued code); any other is
    // verified (an old version is void, a forgery unknown).
    QList<ScanRequest> scans;
    QStringList codes;
    QList<bool> signedFormat;
    QStringList ids;
    for (const DoorScan &door : doorScans) {
        ScanRequest scan = door.request;
        const QString &code = door.code;
        const auto parsed = core::TicketCode::parse(code);
        // Not the signed format: a legacy code, checked by its (cheap) HMAC here.
        const auto claimed = parsed ? std::optional(parsed->payload) : m_codes.verify(code);
        if (claimed && !QUuid::fromString(claimed->ticketId).isNull()) {
            scan.ticketId = claimed->ticketId.toLower();
            scan.codeVersion = claimed->version;
            ids.append(scan.ticketId);
        }
        scans.append(scan);
        codes.append(code);
        signedFormat.append(parsed.has_value());
    }
    ids.removeDuplicates();
    QString now;
    QHash<QString, ScannedTicket> tickets = TicketRepository::lockForScans(tx, ids, &now);
    for (qsizetype i = 0; i < scans.size(); ++i) {
        const auto it = tickets.constFind(scans[i].ticketId);
        if (signedFormat[i] && it != tickets.constEnd() && !sameCode(codes[i], it->code)
            && !m_codes.verify(codes[i]))
            scans[i].ticketId.clear(); // forged: unknown
    }
    QList<db::LoggedScan> log;
    QList<ScanRequest> admitted;
    QList<ScanOutcome> answers;
    for (ScanRequest &scan : scans) {
        auto it = tickets.find(scan.ticketId);
        if (it == tickets.end())
            scan.ticketId.clear();
        db::LoggedScan decision{scan,
                                decide(scan, it == tickets.end() ? nullptr : &*it, now),
                                false};
        if (decision.result == u"admitted") {
            decision.result = QStringLiteral("valid");
            admitted.append(scan);
        } else if (decision.result == u"already_used") {
            // Two gates let it in while both were offline: the server kept the first.
            decision.flagged = scan.offline;
        }
        ScanOutcome answer{decision.result == u"replayed" ? QStringLiteral("valid")
                                                          : decision.result,
                           std::nullopt,
                           decision.flagged};
        if (it != tickets.end())
            answer.ticket = *it; // as this scan leaves it: a later one may see it admitted
        answers.append(std::move(answer));
        log.append(decision);
    }
    TicketRepository::markAdmitted(tx, admitted);
    TicketRepository::logScans(tx, log);
    return answers;
}

QString TicketScanService::decide(const ScanRequest &scan, ScannedTicket *ticket, const QString &now)
{
    if (!ticket)
        return QStringLiteral("unknown");
    const bool versionMatches = scan.codeVersion == 0 || scan.codeVersion == ticket->version;
    if (scan.direction == u"in" && ticket->status == u"valid" && ticket->firstUsedAt.isEmpty()
        && ticket->eventId == scan.eventId && versionMatches) {
        // The row is locked: this admission is the one, later scans of the batch see it.
        ticket->firstUsedAt = usedAtText(scan.scannedAt, now);
        ticket->usedGate = scan.gate;
        ticket->usedDevice = scan.deviceId;
        return QStringLiteral("admitted");
    }
    if (ticket->eventId != scan.eventId)
        return QStringLiteral("wrong_event");
    if (ticket->status == u"void" || !versionMatches)
        return QStringLiteral("void");
    if (scan.direction == u"out")
        return QStringLiteral("valid"); // an exit, recorded; never a re-entry
    // The same device sending its journal again (its first sync timed out after the commit):
    // that admission is this one, not a second entry.
    if (scan.offline && !scan.deviceId.isEmpty() && ticket->usedDevice == scan.deviceId)
        return QStringLiteral("replayed");
    return QStringLiteral("already_used");
}

Result<ScanOutcome> TicketScanService::scan(const Principal &caller, const DoorScan &scan)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Error(ErrorCode::Forbidden, QStringLiteral("door staff only"));
    return resultInTransaction<ScanOutcome>(m_database, [&](db::Tx &tx) {
        return scanAll(tx, {scan}).first();
    });
}

Result<QList<ScanOutcome>> TicketScanService::scanBatch(const Principal &caller,
                                                        const QList<DoorScan> &scans)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Error(ErrorCode::Forbidden, QStringLiteral("door staff only"));
    // One transaction: a journal syncs whole or not at all, and is sent again after a fault.
    return resultInTransaction<QList<ScanOutcome>>(m_database,
                                                   [&](db::Tx &tx) { return scanAll(tx, scans); });
}

bool TicketScanService::eventExists(const QString &eventId)
{
    bool exists = false;
    m_database.transact([&](db::Tx &tx) { exists = TicketRepository::eventExists(tx, eventId); });
    return exists;
}

Result<QList<TicketKey>> TicketScanService::keys(const QString &eventId)
{
    const QString id = uuidOrEmpty(eventId);
    if (id.isEmpty() || !eventExists(id))
        return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    return m_codes.publicKeys();
}

Result<RevocationPage> TicketScanService::revocations(const Principal &caller,
                                                      const QString &eventId,
                                                      const QString &since)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Error(ErrorCode::Forbidden, QStringLiteral("door staff only"));
    const QString id = uuidOrEmpty(eventId);
    if (id.isEmpty() || !eventExists(id))
        return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    const auto cursor = parseCursor(since);
    if (!cursor)
        return Error::badRequest(QStringLiteral("`since` must be a cursor from a previous answer"));
    RevocationPage page;
    db::RevocationCursor next;
    m_database.transact([&](db::Tx &tx) {
        page.revoked = TicketRepository::revocations(tx, id, *cursor, kRevocationPage, &next);
    });
    page.cursor = cursorText(next);
    page.more = page.revoked.size() == kRevocationPage;
    return page;
}

} // namespace boxoffice::server::domain
