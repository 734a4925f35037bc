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

Error bad(const QString &detail)
{
    return Error(ErrorCode::BadRequest, detail);
}

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
        throw bad(QStringLiteral("`%1` must be a string of at most %2 characters")
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
            throw bad(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    if (!body.value(u"code").isString())
        throw bad(QStringLiteral("`code` is required and must be a string"));
    ScanRequest scan;
    scan.eventId = uuidOrEmpty(body.value(u"event_id").toString());
    if (scan.eventId.isEmpty())
        throw bad(QStringLiteral("`event_id` is required: the event this door admits to"));
    scan.gate = optionalText(body, "gate", 100);
    scan.deviceId = optionalText(body, "device_id", 200);
    scan.direction = optionalText(body, "direction", 3);
    if (scan.direction.isEmpty())
        scan.direction = QStringLiteral("in");
    if (scan.direction != u"in" && scan.direction != u"out")
        throw bad(QStringLiteral("`direction` must be in or out"));
    const QString scannedAt = optionalText(body, "scanned_at", 40);
    if (!scannedAt.isEmpty()) {
        const QDateTime at = QDateTime::fromString(scannedAt, Qt::ISODateWithMs);
        // A scanner's clock may drift, but not into another day.
        if (!at.isValid() || at > QDateTime::currentDateTimeUtc().addSecs(3600)
            || at < QDateTime::currentDateTimeUtc().addDays(-30))
            throw bad(QStringLiteral("`scanned_at` must be an RFC 3339 time of the last 30 days"));
        scan.scannedAt = at.toUTC().toString(Qt::ISODateWithMs);
    }
    const QJsonValue offline = body.value(u"admitted_offline");
    if (!offline.isUndefined() && !offline.isBool())
        throw bad(QStringLiteral("`admitted_offline` must be a boolean"));
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

QJsonObject TicketScanService::scanOne(db::Tx &tx, const QJsonObject &body)
{
    ScanRequest scan = parseScan(body);
    const auto payload = m_codes.verify(body.value(u"code").toString());
    auto answer = [&](const QString &result,
                      const std::optional<ScannedTicket> &ticket,
                      bool flagged = false,
                      const QString &logged = {}) {
        TicketRepository::logScan(tx, scan, logged.isEmpty() ? result : logged, flagged);
        QJsonObject out{{QStringLiteral("result"), result}};
        if (ticket) {
            out.insert(u"ticket", ticketJson(*ticket));
            if (!ticket->firstUsedAt.isEmpty()) {
                out.insert(u"first_used_at", ticket->firstUsedAt);
                out.insert(u"first_used_gate", ticket->usedGate);
            }
        }
        if (flagged)
            out.insert(u"double_entry", true);
        return out;
    };
    if (!payload)
        return answer(QStringLiteral("unknown"), std::nullopt);
    scan.ticketId = payload->ticketId;
    scan.codeVersion = payload->version;
    if (scan.direction == u"in") {
        if (const auto admitted = TicketRepository::admit(tx, scan))
            return answer(QStringLiteral("valid"), admitted);
    }
    // Not admitted: say why, from the row as it is now (after any admission that beat us).
    const auto ticket = TicketRepository::find(tx, scan.ticketId);
    if (!ticket) {
        scan.ticketId.clear();
        return answer(QStringLiteral("unknown"), std::nullopt);
    }
    if (ticket->eventId != scan.eventId)
        return answer(QStringLiteral("wrong_event"), ticket);
    if (ticket->status == u"void" || (scan.codeVersion > 0 && scan.codeVersion != ticket->version))
        return answer(QStringLiteral("void"), ticket);
    if (scan.direction == u"out")
        return answer(QStringLiteral("valid"), ticket); // an exit, recorded; never a re-entry
    // The same device sending its journal again (its first sync timed out after the commit):
    // that admission is this one, not a second entry.
    if (scan.offline && !scan.deviceId.isEmpty() && ticket->usedDevice == scan.deviceId)
        return answer(QStringLiteral("valid"), ticket, false, QStringLiteral("replayed"));
    // Two gates let it in while both were offline: the server kept the first, flags this one.
    return answer(QStringLiteral("already_used"), ticket, scan.offline);
}

Response TicketScanService::scan(const Principal &caller, const QJsonObject &body)
{
    if (!auth::hasRole(caller.role, auth::Role::Door))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("door staff only")));
    try {
        QJsonObject out;
        m_database.transact([&](db::Tx &tx) { out = scanOne(tx, body); });
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
                throw bad(QStringLiteral("unknown field `%1`").arg(it.key()));
        }
        const QJsonValue scans = body.value(u"scans");
        if (!scans.isArray() || scans.toArray().size() > kMaxBatch)
            throw bad(QStringLiteral("`scans` must be an array of at most %1 scans").arg(kMaxBatch));
        for (const QJsonValue &entry : scans.toArray()) {
            if (!entry.isObject())
                throw bad(QStringLiteral("each scan must be an object"));
            parseScan(entry.toObject());
        }
        QJsonArray results;
        // One transaction: a journal syncs whole or not at all, and is sent again after a fault.
        m_database.transact([&](db::Tx &tx) {
            results = {};
            for (const QJsonValue &entry : scans.toArray())
                results.append(scanOne(tx, entry.toObject()));
        });
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
            bad(QStringLiteral("`since` must be a cursor from a previous answer")));
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
