// SPDX-License-Identifier: GPL-3.0-or-later
#include "scancodec.h"

#include "core/ticketcode.h"
#include "domain/error.h"
#include "domain/ids.h"

#include <QDateTime>
#include <QJsonArray>

namespace boxoffice::server::api {

using domain::DoorScan;
using domain::Error;
using domain::ScanOutcome;

namespace {

constexpr int kMaxBatch = 1000;

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

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject ticketJson(const domain::ScannedTicket &t)
{
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

} // namespace

DoorScan parseScan(const QJsonObject &body)
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
    DoorScan door;
    door.code = body.value(u"code").toString();
    domain::ScanRequest &scan = door.request;
    scan.eventId = domain::uuidOrEmpty(body.value(u"event_id").toString());
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
    return door;
}

QList<DoorScan> parseScanBatch(const QJsonObject &body)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (it.key() != u"scans")
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    const QJsonValue scans = body.value(u"scans");
    if (!scans.isArray() || scans.toArray().size() > kMaxBatch)
        throw Error::badRequest(
            QStringLiteral("`scans` must be an array of at most %1 scans").arg(kMaxBatch));
    QList<DoorScan> out;
    for (const QJsonValue &entry : scans.toArray()) {
        if (!entry.isObject())
            throw Error::badRequest(QStringLiteral("each scan must be an object"));
        out.append(parseScan(entry.toObject()));
    }
    return out;
}

QJsonObject scanOutcomeJson(const ScanOutcome &outcome)
{
    QJsonObject out{{QStringLiteral("result"), outcome.result}};
    if (outcome.ticket) {
        out.insert(u"ticket", ticketJson(*outcome.ticket));
        if (!outcome.ticket->firstUsedAt.isEmpty()) {
            out.insert(u"first_used_at", outcome.ticket->firstUsedAt);
            out.insert(u"first_used_gate", outcome.ticket->usedGate);
        }
    }
    if (outcome.doubleEntry)
        out.insert(u"double_entry", true);
    return out;
}

QJsonObject scanBatchJson(const QList<ScanOutcome> &outcomes)
{
    QJsonArray results;
    for (const ScanOutcome &outcome : outcomes)
        results.append(scanOutcomeJson(outcome));
    return {{QStringLiteral("results"), results}};
}

QJsonObject ticketKeysJson(const QList<domain::TicketKey> &keys)
{
    QJsonArray out;
    for (const domain::TicketKey &key : keys)
        out.append(QJsonObject{{QStringLiteral("kid"), key.kid},
                               {QStringLiteral("alg"), QStringLiteral("EdDSA")},
                               {QStringLiteral("crv"), QStringLiteral("Ed25519")},
                               {QStringLiteral("kty"), QStringLiteral("OKP")},
                               {QStringLiteral("x"),
                                QString::fromLatin1(core::toBase64Url(key.publicKey))}});
    return {{QStringLiteral("keys"), out}};
}

QJsonObject revocationPageJson(const domain::RevocationPage &page)
{
    QJsonArray revoked;
    for (const domain::Revocation &row : page.revoked)
        revoked.append(QJsonObject{{QStringLiteral("ticket_id"), row.ticketId},
                                   {QStringLiteral("version"), row.version}});
    return {{QStringLiteral("revoked"), revoked},
            {QStringLiteral("cursor"), page.cursor},
            {QStringLiteral("more"), page.more}};
}

} // namespace boxoffice::server::api
