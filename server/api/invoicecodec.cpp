// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoicecodec.h"

#include "fieldreader.h"

#include "domain/error.h"

#include "core/localtime.h"

#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>

#include <tuple>

namespace boxoffice::server::api {

using namespace Qt::StringLiterals;

namespace {

// The words of the document in the buyer's language (English unless Spanish is asked for).
struct Words
{
    QString invoice, cancellation, number, issued, order, event, seller, buyer, vat, cancels,
        ticket, ticketFee, orderFee, discount, net, taxTotal, total, refund, footer;
};

Words wordsFor(const QString &language)
{
    if (language == u"es")
        return {u"FACTURA"_s,
                u"FACTURA RECTIFICATIVA"_s,
                u"Número"_s,
                u"Fecha"_s,
                u"Pedido"_s,
                u"Evento"_s,
                u"Vendedor"_s,
                u"Cliente"_s,
                u"NIF/IVA"_s,
                u"Rectifica la factura"_s,
                u"Entrada"_s,
                u"Gastos de la entrada"_s,
                u"Gastos del pedido"_s,
                u"descuento"_s,
                u"Base imponible"_s,
                u"Impuestos"_s,
                u"Total"_s,
                u"Devolución"_s,
                u"Emitida por el sistema de taquilla; no se modifica nunca."_s};
    return {u"INVOICE"_s,
            u"CANCELLATION INVOICE"_s,
            u"Number"_s,
            u"Issued"_s,
            u"Order"_s,
            u"Event"_s,
            u"Seller"_s,
            u"Bill to"_s,
            u"VAT number"_s,
            u"Cancels invoice"_s,
            u"Ticket"_s,
            u"Ticket fee"_s,
            u"Order fee"_s,
            u"discount"_s,
            u"Net"_s,
            u"Tax"_s,
            u"Total"_s,
            u"Refund"_s,
            u"Issued by the box office; never changed."_s};
}

QString rateText(int rateBp)
{
    return QLocale(QLocale::English).toString(rateBp / 100.0, 'f', rateBp % 100 ? 2 : 0) + u" %"_s;
}

} // namespace

db::Billing parseBilling(const QJsonObject &body)
{
    refuseUnknown(body, {u"company"_s, u"address"_s, u"vat_number"_s});
    db::Billing billing;
    billing.company = readText(body, u"company"_s, true, 200).trimmed();
    billing.address = readText(body, u"address"_s, true, 500).trimmed();
    billing.vatNumber = readText(body, u"vat_number"_s, false, 40).trimmed();
    if (billing.company.isEmpty())
        throw domain::Error::invalidField(u"company"_s, QStringLiteral("the company's name"));
    if (billing.address.isEmpty())
        throw domain::Error::invalidField(u"address"_s, QStringLiteral("the company's address"));
    return billing;
}

QString parseOrganiser(const QJsonObject &body)
{
    refuseUnknown(body, {u"organiser"_s});
    const QString organiser = readText(body, u"organiser"_s, true, 40).trimmed().toLower();
    static const QRegularExpression valid(u"^[a-z0-9][a-z0-9_-]{0,39}$"_s);
    if (!valid.match(organiser).hasMatch())
        throw domain::Error::invalidField(u"organiser"_s,
                                          QStringLiteral("a name of 1 to 40 letters, digits, - or "
                                                         "_, starting with a letter or digit"));
    return organiser;
}

QJsonObject organiserJson(const db::EventOrganiser &organiser)
{
    return {{u"event_id"_s, organiser.eventId},
            {u"organiser"_s, organiser.organiser},
            {u"last_invoice"_s,
             organiser.lastNumber > 0
                 ? QJsonValue(invoiceNumber(organiser.organiser, organiser.lastNumber))
                 : QJsonValue(QJsonValue::Null)}};
}

QString invoiceNumber(const QString &organiser, qint64 number)
{
    return u"%1-%2"_s.arg(organiser.toUpper()).arg(number, 6, 10, QLatin1Char('0'));
}

QJsonObject invoicesJson(const QList<db::Invoice> &invoices)
{
    QJsonArray items;
    for (const db::Invoice &invoice : invoices) {
        QJsonObject item{{u"number"_s, invoiceNumber(invoice.organiser, invoice.number)},
                         {u"kind"_s, invoice.kind},
                         {u"issued_at"_s, invoice.issuedAt.toUTC().toString(Qt::ISODate)},
                         {u"amount_cents"_s, invoice.amountCents},
                         {u"tax_cents"_s, invoice.taxCents},
                         {u"currency"_s, invoice.currency},
                         {u"company"_s, invoice.billing.company}};
        if (invoice.refersTo > 0)
            item.insert(u"cancels", invoiceNumber(invoice.organiser, invoice.refersTo));
        items.append(item);
    }
    return {{u"invoices"_s, items}};
}

core::Statement invoiceStatement(const db::Invoice &invoice,
                                 const domain::Seller &seller,
                                 const QString &language)
{
    const Words words = wordsFor(language);
    const QLocale locale(language == u"es" ? QLocale::Spanish : QLocale::English);
    const QString c = invoice.currency;
    core::Statement out;
    const bool cancellation = invoice.kind == u"cancellation";
    out.heading = u"%1 %2"_s.arg(cancellation ? words.cancellation : words.invoice,
                                 invoiceNumber(invoice.organiser, invoice.number));
    for (const auto &[role, name, address, vat] :
         {std::tuple{words.seller, seller.name, seller.address, seller.vatNumber},
          std::tuple{words.buyer,
                     invoice.billing.company,
                     invoice.billing.address,
                     invoice.billing.vatNumber}}) {
        out.details.append(
            u"%1: %2"_s.arg(role, address.isEmpty() ? name : name + u", "_s + address));
        if (!vat.isEmpty())
            out.details.append(u"%1: %2"_s.arg(words.vat, vat));
    }
    out.details.append(
        u"%1: %2"_s.arg(words.issued,
                        core::LocalTime::longDateTime(invoice.issuedAt, invoice.timeZone, locale)));
    out.details.append(u"%1: %2"_s.arg(words.order, invoice.orderId));
    out.details.append(u"%1: %2, %3"_s.arg(words.event,
                                           invoice.eventTitle,
                                           core::LocalTime::longDateTime(invoice.eventStartsAt,
                                                                         invoice.timeZone,
                                                                         locale)));
    if (cancellation)
        out.details.append(
            u"%1 %2"_s.arg(words.cancels, invoiceNumber(invoice.organiser, invoice.refersTo)));
    for (const db::PriceLine &line : invoice.lines) {
        QString label = line.kind == u"ticket"       ? words.ticket
                        : line.kind == u"ticket_fee" ? words.ticketFee
                                                     : words.orderFee;
        if (!line.reference.isEmpty())
            label += u" "_s + line.reference;
        if (!line.typeName.isEmpty())
            label += u" · "_s + line.typeName;
        if (line.discountCents > 0)
            label += u" (%1 %2)"_s.arg(words.discount, core::statementMoney(-line.discountCents, c));
        out.lines.append({label, core::statementMoney(line.totalCents, c)});
    }
    if (cancellation)
        out.lines.append({words.refund, core::statementMoney(invoice.amountCents, c)});
    const QString taxName = invoice.taxName.isEmpty() ? words.taxTotal : invoice.taxName;
    out.lines.append(
        {words.net, core::statementMoney(invoice.amountCents - invoice.taxCents, c), true});
    out.lines.append({u"%1 %2"_s.arg(taxName, rateText(invoice.taxRateBp)),
                      core::statementMoney(invoice.taxCents, c)});
    out.lines.append({words.total, core::statementMoney(invoice.amountCents, c), true});
    out.footer = words.footer;
    return out;
}

} // namespace boxoffice::server::api
