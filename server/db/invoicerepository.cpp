// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoicerepository.h"

#include "statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::db {

namespace {

const Statement kAddBilling{"invoice_add_billing",
                            "INSERT INTO order_billing (order_id, company, address, vat_number)"
                            " VALUES ($1::uuid, $2, $3, $4) ON CONFLICT (order_id) DO NOTHING"};
const Statement kForOrder{
    "invoice_for_order",
    "SELECT i.organiser, i.number, i.kind, i.refers_to,"
    " to_char(i.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),"
    " i.amount_cents, i.tax_cents, i.currency, i.lines::text, i.billing::text, e.title,"
    " to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),"
    " coalesce(v.time_zone, 'UTC'), e.tax_name, e.tax_rate_bp"
    " FROM invoices i JOIN orders o ON o.id = i.order_id JOIN events e ON e.id = o.event_id"
    " LEFT JOIN venues v ON v.id = e.venue_id"
    " WHERE i.order_id = $1::uuid ORDER BY i.number"};

const Statement kOrganiser{"invoice_organiser",
                           "SELECT e.organiser, coalesce(s.last_number, 0) FROM events e"
                           " LEFT JOIN invoice_series s ON s.organiser = e.organiser"
                           " WHERE e.id = $1::uuid"};
const Statement kSetOrganiser{"invoice_set_organiser",
                              "UPDATE events e SET organiser = $2 FROM (SELECT id, organiser"
                              " FROM events WHERE id = $1::uuid FOR UPDATE) old"
                              " WHERE e.id = old.id RETURNING old.organiser"};

QJsonDocument json(const pqxx::field &field)
{
    return QJsonDocument::fromJson(QByteArray(field.c_str(), int(field.size())));
}

} // namespace

bool InvoiceRepository::addBilling(Tx &tx, const QString &orderId, const Billing &billing)
{
    return exec(tx,
                kAddBilling,
                str(orderId),
                str(billing.company),
                str(billing.address),
                str(billing.vatNumber))
               .affected_rows()
           == 1;
}

QList<Invoice> InvoiceRepository::forOrder(Tx &tx, const QString &orderId)
{
    QList<Invoice> out;
    for (const auto &row : exec(tx, kForOrder, str(orderId))) {
        Invoice invoice;
        invoice.organiser = qstr(row[0]);
        invoice.number = row[1].as<qint64>();
        invoice.kind = qstr(row[2]);
        invoice.refersTo = row[3].is_null() ? 0 : row[3].as<qint64>();
        invoice.issuedAt = QDateTime::fromString(qstr(row[4]), Qt::ISODate);
        invoice.orderId = orderId;
        invoice.amountCents = row[5].as<qint64>();
        invoice.taxCents = row[6].as<qint64>();
        invoice.currency = qstr(row[7]);
        for (const QJsonValue &value : json(row[8]).array()) {
            const QJsonObject line = value.toObject();
            invoice.lines.append(PriceLine{line.value(u"kind").toString(),
                                           line.value(u"reference").toString(),
                                           line.value(u"type_id").toString(),
                                           line.value(u"type_name").toString(),
                                           line.value(u"net_cents").toInteger(),
                                           line.value(u"tax_cents").toInteger(),
                                           line.value(u"total_cents").toInteger(),
                                           line.value(u"discount_cents").toInteger()});
        }
        const QJsonObject billing = json(row[9]).object();
        invoice.billing = Billing{billing.value(u"company").toString(),
                                  billing.value(u"address").toString(),
                                  billing.value(u"vat_number").toString()};
        invoice.eventTitle = qstr(row[10]);
        invoice.eventStartsAt = QDateTime::fromString(qstr(row[11]), Qt::ISODate);
        invoice.timeZone = qstr(row[12]);
        invoice.taxName = qstr(row[13]);
        invoice.taxRateBp = row[14].as<int>();
        out.append(std::move(invoice));
    }
    return out;
}

std::optional<EventOrganiser> InvoiceRepository::organiser(Tx &tx, const QString &eventId)
{
    const auto result = exec(tx, kOrganiser, str(eventId));
    if (result.empty())
        return std::nullopt;
    return EventOrganiser{eventId, qstr(result[0][0]), result[0][1].as<qint64>()};
}

std::optional<QString> InvoiceRepository::setOrganiser(Tx &tx,
                                                       const QString &eventId,
                                                       const QString &organiser)
{
    const auto result = exec(tx, kSetOrganiser, str(eventId), str(organiser));
    if (result.empty())
        return std::nullopt;
    return qstr(result[0][0]);
}

} // namespace boxoffice::server::db
