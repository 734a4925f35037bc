// SPDX-License-Identifier: GPL-3.0-or-later
#include "transactioncodec.h"

#include "csv.h"
#include "queryfield.h"

#include "domain/ids.h"

#include <QJsonArray>

#include <limits>

namespace boxoffice::server::api {

using domain::ErrorCode;

namespace {

qint64 number(const QString &field, const QString &text, qint64 min, qint64 max)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < min || value > max)
        refuseField(ErrorCode::InvalidField,
                    field,
                    QStringLiteral("`%1` must be an integer from %2 to %3")
                        .arg(field)
                        .arg(min)
                        .arg(max));
    return value;
}

QJsonValue idOrNull(const QString &id)
{
    return id.isEmpty() ? QJsonValue() : QJsonValue(id);
}

QString utc(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

db::TransactionQuery parseTransactionQuery(const QUrlQuery &query, bool csv)
{
    db::TransactionQuery out;
    out.limit = domain::TransactionLog::kDefaultLimit;
    QStringList seen;
    for (const auto &[field, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (seen.contains(field))
            refuseField(ErrorCode::BadRequest,
                        field,
                        QStringLiteral("`%1` is given twice").arg(field));
        seen.append(field);
        if (field == u"event_id") {
            out.eventId = domain::uuidOrEmpty(value);
            if (out.eventId.isEmpty())
                refuseField(ErrorCode::InvalidField,
                            field,
                            QStringLiteral("`event_id` must be a uuid"));
        } else if (field == u"from") {
            out.from = rfc3339(field, value);
        } else if (field == u"to") {
            out.to = rfc3339(field, value);
        } else if (field == u"channel") {
            out.channel = boundedName(field, value);
        } else if (field == u"clerk") {
            out.clerk = boundedName(field, value);
        } else if (field == u"after") {
            out.afterSeq = number(field, value, 0, std::numeric_limits<qint64>::max());
        } else if (field == u"limit" && !csv) {
            out.limit = int(number(field, value, 1, domain::TransactionLog::kMaxLimit));
        } else {
            refuseField(ErrorCode::BadRequest,
                        field,
                        QStringLiteral("unknown parameter `%1`").arg(field));
        }
    }
    if (out.from.isValid() && out.to.isValid() && out.to <= out.from)
        refuseField(ErrorCode::InvalidField,
                    QStringLiteral("to"),
                    QStringLiteral("`to` must be after `from`"));
    return out;
}

QJsonObject transactionPageJson(const domain::TransactionPage &page)
{
    QJsonArray items;
    for (const db::TransactionEntry &row : page.items)
        items.append(QJsonObject{{QStringLiteral("seq"), row.seq},
                                 {QStringLiteral("at"), utc(row.at)},
                                 {QStringLiteral("kind"), row.kind},
                                 {QStringLiteral("event_id"), idOrNull(row.eventId)},
                                 {QStringLiteral("order_id"), idOrNull(row.orderId)},
                                 {QStringLiteral("ticket_id"), idOrNull(row.ticketId)},
                                 {QStringLiteral("channel"), row.channel},
                                 {QStringLiteral("actor"), row.actor},
                                 {QStringLiteral("method"), row.method},
                                 {QStringLiteral("amount_cents"), row.amountCents},
                                 {QStringLiteral("tax_cents"), row.taxCents},
                                 {QStringLiteral("face_cents"), row.faceCents},
                                 {QStringLiteral("currency"), row.currency},
                                 {QStringLiteral("reference"), row.reference},
                                 {QStringLiteral("note"), row.note},
                                 {QStringLiteral("migrated"), row.migrated}});
    return QJsonObject{{QStringLiteral("items"), items},
                       {QStringLiteral("next_after"), page.nextAfter},
                       {QStringLiteral("more"), page.more}};
}

QByteArray transactionCsvHeader()
{
    return "seq,at,kind,event_id,order_id,ticket_id,channel,actor,method,amount_cents,tax_cents,"
           "face_cents,currency,reference,note,migrated\r\n";
}

QByteArray transactionCsvRows(const QList<db::TransactionEntry> &rows)
{
    QByteArray out;
    out.reserve(rows.size() * 200);
    for (const db::TransactionEntry &row : rows) {
        out += QByteArray::number(row.seq) + ',' + utc(row.at).toLatin1() + ',' + csvField(row.kind)
               + ',' + row.eventId.toLatin1() + ',' + row.orderId.toLatin1() + ','
               + row.ticketId.toLatin1() + ',' + csvField(row.channel) + ',' + csvField(row.actor)
               + ',' + csvField(row.method) + ',' + QByteArray::number(row.amountCents) + ','
               + QByteArray::number(row.taxCents) + ',' + QByteArray::number(row.faceCents) + ','
               + csvField(row.currency) + ',' + csvField(row.reference) + ',' + csvField(row.note)
               + ',' + (row.migrated ? "true" : "false") + "\r\n";
    }
    return out;
}

} // namespace boxoffice::server::api
