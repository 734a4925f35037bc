// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketpdfservice.h"

#include "catalogservice.h"
#include "db/database.h"
#include "db/ticketplaces.h"
#include "error.h"
#include "orderservice.h"

#include <core/ticketpdf.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTimeZone>

namespace boxoffice::server::domain {

namespace {

struct Words
{
    const char *heading;
    const char *section; // %1 its name, unless the name says "Section" already
    const char *seat;    // %1 section, %2 row, %3 seat
    const char *ga;      // %1 zone
    const char *order;   // %1 id
    const char *counter; // %1 of %2
};

constexpr Words kEnglish{.heading = "TICKET",
                         .section = "Section %1",
                         .seat = "%1 · Row %2 · Seat %3",
                         .ga = "General admission: %1",
                         .order = "Order %1",
                         .counter = "Ticket %1 of %2"};
constexpr Words kSpanish{.heading = "ENTRADA",
                         .section = "Sector %1",
                         .seat = "%1 · Fila %2 · Asiento %3",
                         .ga = "Entrada general: %1",
                         .order = "Pedido %1",
                         .counter = "Entrada %1 de %2"};

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

// The start in the venue's time zone when the event says which (else UTC, and it says so).
QString localStart(const QJsonObject &event, const QLocale &locale)
{
    const QDateTime utc = QDateTime::fromString(event.value(u"starts_at").toString(), Qt::ISODate);
    QString zone = event.value(u"time_zone").toString();
    if (zone.isEmpty())
        zone = event.value(u"venue").toObject().value(u"time_zone").toString();
    const QTimeZone timeZone(zone.toUtf8());
    const bool known = !zone.isEmpty() && timeZone.isValid();
    const QDateTime local = known ? utc.toTimeZone(timeZone) : utc.toUTC();
    return locale.toString(local.date(), QLocale::LongFormat) + QStringLiteral(", ")
           + local.time().toString(QStringLiteral("HH:mm")) + QStringLiteral(" (")
           + (known ? zone : QStringLiteral("UTC")) + u')';
}

} // namespace

TicketPdfService::TicketPdfService(db::Database &database,
                                   OrderService &orders,
                                   CatalogService &catalog)
    : m_database(database)
    , m_orders(orders)
    , m_catalog(catalog)
{}

QByteArray TicketPdfService::pdf(const Principal &caller,
                                 const QString &orderId,
                                 const QString &language)
{
    // As GET /orders/{id}: another fan's order does not exist for this caller.
    if (!m_orders.get(caller, orderId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    const auto order = m_orders.load(orderId.toLower());
    if (!order)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    QList<Ticket> tickets;
    QStringList seatIds;
    for (const Ticket &ticket : order->tickets) {
        // A ticket passed on is its new holder's: no code to print here.
        if (ticket.status != u"valid" || ticket.transferred)
            continue;
        tickets.append(ticket);
        if (!ticket.seatId.isEmpty())
            seatIds.append(ticket.seatId);
    }
    if (tickets.isEmpty())
        throw Error(ErrorCode::InvalidState, QStringLiteral("the order has no valid tickets"));
    // The event document is JSON text (as GET /events/{id} answers it): read its few fields.
    const QJsonObject event
        = QJsonDocument::fromJson(m_catalog.event(order->eventId).value().document).object();
    QHash<QString, db::SeatPlace> seats;
    QHash<QString, QString> zones;
    m_database.transact([&](db::Tx &tx) {
        seats = db::TicketPlaces::seats(tx, order->eventId, seatIds);
        zones = db::TicketPlaces::gaNames(tx, order->eventId);
    });

    const bool spanish = language == u"es";
    const Words &words = spanish ? kSpanish : kEnglish;
    const QLocale locale = spanish ? QLocale(QLocale::Spanish, QLocale::Spain)
                                   : QLocale(QLocale::English, QLocale::UnitedKingdom);
    const QJsonObject venue = event.value(u"venue").toObject();
    QString where = venue.value(u"name").toString();
    if (!venue.value(u"city").toString().isEmpty())
        where += QStringLiteral(", ") + venue.value(u"city").toString();
    QList<core::TicketPage> pages;
    for (qsizetype i = 0; i < tickets.size(); ++i) {
        const Ticket &ticket = tickets.at(i);
        core::TicketPage page;
        page.heading = tr(words.heading);
        page.title = event.value(u"title").toString();
        page.venue = where;
        page.when = localStart(event, locale);
        if (!ticket.seatId.isEmpty()) {
            const db::SeatPlace place = seats.value(ticket.seatId,
                                                    {QString(), QString(), ticket.seatId});
            const QString word = tr(words.section).section(u' ', 0, 0);
            const QString section = place.section.startsWith(word, Qt::CaseInsensitive)
                                        ? place.section
                                        : tr(words.section).arg(place.section);
            page.place = tr(words.seat).arg(section, place.row, place.number);
        } else {
            page.place = tr(words.ga).arg(zones.value(ticket.gaId, ticket.gaId));
        }
        page.price = locale.toString(double(ticket.priceCents.value_or(0)) / 100.0, 'f', 2) + u' '
                     + order->currency;
        page.footer = tr(words.order).arg(order->id);
        page.footer2 = tr(words.counter).arg(i + 1).arg(tickets.size());
        page.code = ticket.code;
        pages.append(page);
    }
    return core::TicketPdf::write(pages);
}

} // namespace boxoffice::server::domain
