// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketscanservice.h"

#include "core/ticketcode.h"
#include "db/database.h"
#include "db/ticketrepository.h"

#include <QUuid>

namespace boxoffice::server::domain {

using db::ScannedTicket;
using db::ScanRequest;
using db::TicketRepository;

namespace {

constexpr int kMaxBatch = 1000;
constexpr int kRevocationPage = 5000;

QString uuidOrEmpty(const QString &text)
{
    if (text.size() != 36)
        return {};
    const QUuid id = QUuid::fromString(text);
    return id.isNull() ? QString() : id.toString(QUuid::WithoutBraces);
}

QString optionalText(const QJsonObject &body, const char *name, int maxLength)
{
    const QJsonValue value = body.value(QLatin1String(name));
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isString() || value.toString().size() > maxLength)
        throw Error::badRequest(QStringLiteral("`%1` must be a string of at most %2 characters")
                                    .arg(QLatin1String(name))
                                    .arg(maxLength));
    return value.toString();
}

// Validates one scan body up front, so a bad journal entry fails the batch before any write.
ScanRequest parseScan(const QJsonObject &body)
{
    static const QStringList known{QStringLiteral("code"),
                                   QStringLiteral("event_id"),
                                   QStringLiteral("gate"),
                                   QStringLiteral("direction"),
                                   QStringLiteral("scanned_at"),
                                   QStringLiteral("device_id"),
                                   QStringLiteral("admitted_offline")};
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    if (!body.value(u"code").isString())
        throw Error::badRequest(QStringLiteral("`code` is required and must be a string"));
    ScanRequest scan;
    scan.eventId = uuidOrEmpty(body.value(u"event_id").toString());
    if (scan.eventId.isEmpty())
        throw Error::badRequest(
            QStringLiteral("`event_id` is required: the event this door admits to"));
    scan.gate = optionalText(body, "gate", 100);
    scan.deviceId = optionalText(body, "device_id", 200);
    scan.direction = optionalText(body, "direction", 3);
    if (scan.direction.isEmpty())
        scan.direction = QStringLiteral("in");
    if (scan.direction != u"in" && scan.direction != u"out")
        throw Error::badRequest(QStringLiteral("`direction` must be in or out"));
    const QString scannedAt = optionalText(body, "scanned_at", 40);
    if (!scannedAt.isEmpty()) {
        const QDateTime at = QDateTime::fromString(scannedAt, Qt::ISODateWithMs);
        // A scanner's clock may drift, but not into another day.
        if (!at.isValid() || at > QDateTime::currentDateTimeUtc().addSecs(3600)
            || at < QDateTime::currentDateTimeUtc().addDays(-30))
            throw Error::badRequest(
                QStringLiteral("`scanned_at` must be an RFC 3339 time of the last 30 days"));
        scan.scannedAt = at.toUTC().toString(Qt::ISODateWithMs);
    }
    const QJsonValue offline = body.value(u"admitted_offline");
    if (!offline.isUndefined() && !offline.isBool())
        throw Error::badRequest(QStringLiteral("`admitted_offline` must be a boolean"));
    scan.offline = offline.toBool();
    return scan;
}

QJsonObject ticketJson(const ScannedTicket &t)
{
    auto orNull = [](const QString &text) { return text.isEmpty() ? QJsonValue() : text; };
    return {{QStringLiteral("ticket_id"), t.id},
            {QStringLiteral("event_id"), t.eventId},
            {QStringLiteral("seat_id"), orNull(t.seatId)},
            {QStringLiteral("ga_id"), orNull(t.gaId)},
            {QStringLiteral("section"), orNull(t.section)},
            {QStringLiteral("row"), orNull(t.row)},
            {QStringLiteral("number"), orNull(t.number)},
            {QStringLiteral("category"), t.category},
            {QStringLiteral("status"), t.status == u"void" ? u"void"_qs : u"valid"_qs},
            {QStringLiteral("version"), t.version}};
}

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

QJsonObject answerJson(const db::LoggedScan &decision, const ScannedTicket *ticket)
{
    const QString result = decision.result == u"replayed" ? QStringLiteral("valid")
                                                          : decision.result;
    QJsonObject out{{QStringLiteral("result"), result}};
    if (ticket) {
        out.insert(u"ticket", ticketJson(*ticket));
        if (!ticket->firstUsedAt.isEmpty()) {
            out.insert(u"first_used_at", ticket->firstUsedAt);
            out.insert(u"first_used_gate", ticket->usedGate);
        }
    }
    if (decision.flagged)
        out.insert(u"double_entry", true);
    return out;
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

QJsonArray TicketScanService::scanAll(db::Tx &tx, const QList<QJsonObject> &bodies)
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
    for (const QJsonObject &body : bodies) {
        ScanRequest scan = parseScan(body);
        const QString code = body.value(u"code").toString();
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
    QJsonArray answers;
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
        answers.append(answerJson(decision, it == tickets.end() ? nullptr : &*it));
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

Response TicketScanService::scan(const Principal &caller, const QJsonObject &body)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("door staff only")));
    try {
        QJsonObject out;
        m_database.transact([&](db::Tx &tx) { out = scanAll(tx, {body}).first().toObject(); });
        return Response{200, out};
    } catch (const Error &error) {
        return Response::fromError(error);
    }
}

Response TicketScanService::scanBatch(const Principal &caller, const QJsonObject &body)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("door staff only")));
    try {
        for (auto it = body.begin(); it != body.end(); ++it) {
            if (it.key() != u"scans")
                throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
        }
        const QJsonValue scans = body.value(u"scans");
        if (!scans.isArray() || scans.toArray().size() > kMaxBatch)
            throw Error::badRequest(
                QStringLiteral("`scans` must be an array of at most %1 scans").arg(kMaxBatch));
        QList<QJsonObject> bodies;
        for (const QJsonValue &entry : scans.toArray()) {
            if (!entry.isObject())
                throw Error::badRequest(QStringLiteral("each scan must be an object"));
            parseScan(entry.toObject());
            bodies.append(entry.toObject());
        }
        QJsonArray results;
        // One transaction: a journal syncs whole or not at all, and is sent again after a fault.
        m_database.transact([&](db::Tx &tx) { results = scanAll(tx, bodies); });
        return Response{200, QJsonObject{{QStringLiteral("results"), results}}};
    } catch (const Error &error) {
        return Response::fromError(error);
    }
}

bool TicketScanService::eventExists(const QString &eventId)
{
    bool exists = false;
    m_database.transact([&](db::Tx &tx) { exists = TicketRepository::eventExists(tx, eventId); });
    return exists;
}

Response TicketScanService::keys(const QString &eventId)
{
    const QString id = uuidOrEmpty(eventId);
    if (id.isEmpty() || !eventExists(id))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such event")));
    QJsonArray keys;
    for (const TicketKey &key : m_codes.publicKeys())
        keys.append(QJsonObject{{QStringLiteral("kid"), key.kid},
                                {QStringLiteral("alg"), QStringLiteral("EdDSA")},
                                {QStringLiteral("crv"), QStringLiteral("Ed25519")},
                                {QStringLiteral("kty"), QStringLiteral("OKP")},
                                {QStringLiteral("x"),
                                 QString::fromLatin1(core::toBase64Url(key.publicKey))}});
    return Response{200, QJsonObject{{QStringLiteral("keys"), keys}}};
}

Response TicketScanService::revocations(const Principal &caller,
                                        const QString &eventId,
                                        const QString &since)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("door staff only")));
    const QString id = uuidOrEmpty(eventId);
    if (id.isEmpty() || !eventExists(id))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such event")));
    const auto cursor = parseCursor(since);
    if (!cursor)
        return Response::fromError(
            Error::badRequest(QStringLiteral("`since` must be a cursor from a previous answer")));
    QList<db::Revocation> rows;
    db::RevocationCursor next;
    m_database.transact([&](db::Tx &tx) {
        rows = TicketRepository::revocations(tx, id, *cursor, kRevocationPage, &next);
    });
    QJsonArray revoked;
    for (const db::Revocation &row : std::as_const(rows))
        revoked.append(QJsonObject{{QStringLiteral("ticket_id"), row.ticketId},
                                   {QStringLiteral("version"), row.version}});
    return Response{200,
                    QJsonObject{{QStringLiteral("revoked"), revoked},
                                {QStringLiteral("cursor"), cursorText(next)},
                                {QStringLiteral("more"), rows.size() == kRevocationPage}}};
}

} // namespace boxoffice::server::domain
