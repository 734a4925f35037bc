// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutflow.h"

#include "invoicerequestdialog.h"

#include "../checkoutdialog.h"
#include "../counterpricing.h"
#include "../countersettings.h"
#include "../salerecorder.h"
#include "../salesession.h"
#include "../shiftdialog.h"

#include <client/salesclient.h>
#include <core/protocol/order.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QMultiHash>

namespace boxoffice::app {

CheckoutFlow::CheckoutFlow(client::SalesClient *client,
                           SaleSession *session,
                           SaleRecorder *recorder,
                           Print print,
                           QWidget *window)
    : QObject(window)
    , m_client(client)
    , m_session(session)
    , m_recorder(recorder)
    , m_print(std::move(print))
    , m_window(window)
{}

void CheckoutFlow::start(const QString &role, const QString &clerk)
{
    if (m_dialog || m_session->basket().isEmpty() || m_session->isBusy())
        return;
    m_clerk = clerk;
    auto *dialog = new CheckoutDialog(m_session->totalCents(),
                                      m_session->event().currency,
                                      role == u"manager" || role == u"admin",
                                      m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setShiftOpen(!ShiftDialog::currentShiftId().isEmpty());
    m_dialog = dialog;
    QJsonArray lines;
    for (const BasketLine &line : m_session->basket())
        lines.append(QJsonObject{{QStringLiteral("seat_id"), line.seatId},
                                 {QStringLiteral("ga_id"), line.gaId},
                                 {QStringLiteral("quantity"), line.quantity},
                                 {QStringLiteral("label"), line.label},
                                 {QStringLiteral("price_cents"), line.priceCents}});
    const QJsonObject context{{QStringLiteral("event_id"), m_session->event().id},
                              {QStringLiteral("event_title"), m_session->event().title},
                              {QStringLiteral("lines"), lines}};
    connect(dialog, &CheckoutDialog::openShiftRequested, this, &CheckoutFlow::openShift);
    connect(dialog, &CheckoutDialog::confirmed, this, [this, context](const QJsonObject &payment) {
        QJsonObject withShift = context;
        withShift.insert(u"shift_id", ShiftDialog::currentShiftId());
        m_recorder->sell(
            m_session->holdId(),
            payment,
            m_session->totalCents(),
            withShift,
            [this, guard = m_dialog, payment](const QJsonObject &order, const QString &error) {
                if (order.isEmpty()) {
                    if (!guard)
                        return;
                    if (m_recorder->lastErrorCode() == u"shift_required") {
                        // The shift was closed elsewhere: offer to open one here again.
                        ShiftDialog::setCurrentShiftId({});
                        guard->setShiftOpen(false);
                    }
                    guard->showError(error);
                    return;
                }
                const PrintedOrder printed = printable(order, payment, *m_session, m_clerk);
                m_session->completed();
                if (guard)
                    guard->showDone(printed.orderId,
                                    order.value(u"change_cents").toInteger(guard->changeCents()));
                m_print(printed);
                Q_EMIT saleCompleted(order);
            });
    });
    connect(dialog,
            &CheckoutDialog::invoiceRequested,
            dialog,
            [this, dialog](const QString &orderId) {
                auto *invoice = new InvoiceRequestDialog(m_client, orderId, dialog);
                invoice->setAttribute(Qt::WA_DeleteOnClose);
                invoice->open();
            });
    connect(dialog, &QDialog::finished, this, &CheckoutFlow::finished);
    dialog->open();
}

void CheckoutFlow::openShift(qint64 floatCents)
{
    m_client->openShift(floatCents,
                        CounterSettings::drawer(),
                        [this, guard = m_dialog, floatCents](const client::ApiResult &r) {
                            QString id;
                            if (r.ok())
                                id = r.body.value(u"shift_id").toString();
                            else if (r.status == 409 && r.code() == u"shift_open")
                                id = r.body.value(u"shift_id").toString(); // picked up
                            if (id.isEmpty()) {
                                if (guard)
                                    guard->shiftFailed(ShiftDialog::explain(r));
                                return;
                            }
                            ShiftDialog::setCurrentShiftId(id);
                            if (r.ok())
                                m_recorder->recordCash(QStringLiteral("float"),
                                                       floatCents,
                                                       {{QStringLiteral("shift_id"), id}});
                            Q_EMIT shiftOpened(id);
                            if (guard)
                                guard->shiftOpened();
                        });
}

PrintedOrder CheckoutFlow::printable(const QJsonObject &order,
                                     const QJsonObject &payment,
                                     const SaleSession &session,
                                     const QString &clerk)
{
    const protocol::Parsed<protocol::Order> parsed = protocol::Order::fromJson(order);
    if (!parsed)
        qWarning("the sold order is not an Order (%s): printing the basket's figures",
                 qUtf8Printable(parsed.error()));
    const protocol::Order sold = parsed ? *parsed : protocol::Order();
    PrintedOrder p;
    p.orderId = parsed ? sold.id : order.value(u"order_id").toString();
    p.eventTitle = session.event().title;
    p.venueName = session.event().venueName;
    p.startsAt = session.event().startsAt;
    p.timeZone = session.event().timeZone;
    p.currency = parsed ? sold.currency : session.event().currency;
    p.totalCents = parsed ? sold.amountCents : session.totalCents();
    p.method = payment.value(u"method").toString();
    p.tenderedCents = payment.value(u"tendered_cents").toInteger();
    for (const QJsonValue &v : payment.value(u"parts").toArray()) {
        const QJsonObject part = v.toObject();
        p.parts.append({part.value(u"method").toString(), part.value(u"amount_cents").toInteger()});
        if (part.value(u"method").toString() == u"cash")
            p.tenderedCents = part.value(u"tendered_cents").toInteger();
        else
            p.reference = part.value(u"reference").toString();
    }
    const qint64 cashDue = p.method == u"split" && !p.parts.isEmpty() ? p.parts.first().second
                                                                      : p.totalCents;
    p.changeCents = sold.changeCents.value_or(p.tenderedCents - cashDue);
    if (p.reference.isEmpty())
        p.reference = payment.value(u"reference").toString(payment.value(u"reason").toString());
    p.clerk = clerk;
    p.feeCents = sold.feeCents;
    p.taxCents = sold.taxCents;
    if (session.pricing())
        p.taxName = session.pricing()->taxName();
    // The server's ticket lines by seat or GA area (an area's lines are alike, one per place).
    QMultiHash<QString, protocol::PriceLine> ticketLines;
    for (const protocol::PriceLine &line : sold.lines)
        if (line.kind == u"ticket")
            ticketLines.insert(line.reference, line);
    for (const protocol::Ticket &t : sold.tickets) {
        if (t.status != u"valid")
            continue;
        PrintedTicket ticket;
        ticket.ticketId = t.id;
        ticket.code = t.code;
        if (!t.seatId.isEmpty()) {
            ticket.place = session.seatLabel(t.seatId);
            ticket.priceCents = t.priceCents.value_or(session.seatPrice(t.seatId));
            if (ticket.place.isEmpty())
                ticket.place = t.seatId;
        } else {
            const core::GaArea *area = session.venue().findGaArea(t.gaId);
            ticket.place = QCoreApplication::translate("boxoffice::app::MainWindow", "Standing: %1")
                               .arg(area ? area->name : t.gaId);
            ticket.priceCents = t.priceCents.value_or(0);
            if (area && ticket.priceCents == 0)
                if (const PriceCategory *c = session.event().category(area->categoryId))
                    ticket.priceCents = c->priceCents;
        }
        const QString place = t.seatId.isEmpty() ? t.gaId : t.seatId;
        if (const auto line = ticketLines.constFind(place); line != ticketLines.cend()) {
            ticket.priceCents = line->totalCents;
            ticket.typeName = line->typeName;
            ticket.discountCents = line->discountCents;
            ticketLines.erase(line);
        }
        p.tickets.append(ticket);
    }
    return p;
}

} // namespace boxoffice::app
