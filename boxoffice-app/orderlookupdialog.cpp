// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderlookupdialog.h"

#include "eventinfo.h"
#include "refunddialog.h"

#include <client/salesclient.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice::app {

OrderLookupDialog::OrderLookupDialog(client::SalesClient *client, QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_query(new QLineEdit(this))
    , m_summary(new QLabel(this))
    , m_tickets(new QTableWidget(0, 3, this))
    , m_refund(new QPushButton(tr("&Refund… (F9)"), this))
    , m_reissue(new QPushButton(tr("Re&issue ticket (F10)"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("orderLookup"));
    setWindowTitle(tr("Find order"));
    resize(640, 460);
    m_query->setObjectName(QStringLiteral("orderQuery"));
    m_query->setPlaceholderText(tr("Order number, or scan a ticket code, then Enter"));
    m_query->setStyleSheet(QStringLiteral("font-size: 13pt; padding: 3px;"));
    m_summary->setStyleSheet(QStringLiteral("font-size: 13pt;"));
    m_summary->setWordWrap(true);
    m_tickets->setHorizontalHeaderLabels({tr("Ticket"), tr("Seat"), tr("Status")});
    m_tickets->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tickets->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tickets->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_refund->setObjectName(QStringLiteral("refundButton"));
    m_refund->setShortcut(Qt::Key_F9);
    m_refund->setToolTip(tr("Refund the whole order or some of its tickets (F9)"));
    m_reissue->setObjectName(QStringLiteral("reissueButton"));
    m_reissue->setShortcut(Qt::Key_F10);
    m_reissue->setToolTip(tr("Print the selected ticket again with a new code; the old one stops "
                             "working (F10)"));
    m_status->setObjectName(QStringLiteral("lookupStatus"));
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_query);
    layout->addWidget(m_summary);
    layout->addWidget(m_tickets, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_refund);
    buttons->addWidget(m_reissue);
    buttons->addStretch(1);
    auto *close = new QPushButton(tr("Close (Esc)"), this);
    close->setAutoDefault(false);
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    buttons->addWidget(close);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    for (QPushButton *b : {m_refund, m_reissue}) {
        b->setAutoDefault(false);
        b->setEnabled(false);
    }
    connect(m_query, &QLineEdit::returnPressed, this, [this] { lookUp(m_query->text()); });
    connect(m_refund, &QPushButton::clicked, this, &OrderLookupDialog::refund);
    connect(m_reissue, &QPushButton::clicked, this, &OrderLookupDialog::reissue);
}

QString OrderLookupDialog::statusText() const
{
    return m_status->text();
}

void OrderLookupDialog::lookUp(const QString &input)
{
    const QString text = input.trimmed();
    m_query->setText(text);
    if (text.isEmpty())
        return;
    m_status->setText(tr("Looking up…"));
    if (!QUuid::fromString(text).isNull()) {
        m_client->getOrder(text, client::whileAlive(this, [this](const client::ApiResult &r) {
                               if (r.ok())
                                   showOrder(r.body);
                               else
                                   showProblem(r);
                           }));
        return;
    }
    // Not an order number: a scanned ticket code. Looked up (GET /orders?q=), never scanned:
    // finding an order at the counter must not admit its ticket at the door.
    m_client->searchOrders(text, client::whileAlive(this, [this](const client::ApiResult &r) {
                               if (!r.ok()) {
                                   showProblem(r);
                                   return;
                               }
                               const QJsonArray items = r.body.value(u"items").toArray();
                               if (items.isEmpty()) {
                                   m_status->setText(tr("Unknown ticket code."));
                                   return;
                               }
                               showOrder(items.first().toObject());
                           }));
}

void OrderLookupDialog::showProblem(const client::ApiResult &result)
{
    const QString code = result.code();
    m_status->setText(code == u"ticket_void"      ? tr("Some of these tickets were refunded or "
                                                       "reissued already. Look the order up again.")
                      : code == u"shift_required" ? tr("Open a shift (F4) before paying cash back.")
                      : result.status == 404      ? tr("No such order.")
                      : result.status == 403      ? tr("Your role may not do this.")
                      : result.status == 0        ? tr("The server cannot be reached.")
                                                  : result.error);
    m_status->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
}

void OrderLookupDialog::showOrder(const QJsonObject &order)
{
    const protocol::Parsed<protocol::Order> wire = protocol::Order::fromJson(order);
    if (!wire) {
        m_status->setText(tr("The server's answer could not be read (%1).").arg(wire.error()));
        m_status->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
        return;
    }
    m_order = order;
    m_wire = *wire;
    const QString currency = m_wire.currency;
    QString summary = tr("Order <b>%1</b> — %2 — %3")
                          .arg(m_wire.id, m_wire.status, formatMoney(m_wire.amountCents, currency));
    if (const qint64 refunded = m_wire.refundedCents; refunded > 0)
        summary += tr(" — refunded %1").arg(formatMoney(refunded, currency));
    m_summary->setText(summary);
    m_tickets->setRowCount(int(m_wire.tickets.size()));
    for (int i = 0; i < m_wire.tickets.size(); ++i) {
        const protocol::Ticket &t = m_wire.tickets.at(i);
        m_tickets->setItem(i, 0, new QTableWidgetItem(t.id));
        m_tickets->setItem(i, 1, new QTableWidgetItem(placeOf(t)));
        m_tickets->setItem(i, 2, new QTableWidgetItem(t.status));
    }
    const bool paid = m_wire.status == u"paid";
    m_refund->setEnabled(paid);
    m_reissue->setEnabled(paid && !m_wire.tickets.isEmpty());
    m_status->setStyleSheet({});
    m_status->setText(tr("Found."));
}

QString OrderLookupDialog::placeOf(const protocol::Ticket &ticket) const
{
    if (ticket.seatId.isEmpty())
        return tr("Standing: %1").arg(ticket.gaId);
    const QString label = m_seatLabeller ? m_seatLabeller(ticket.eventId, ticket.seatId)
                                         : QString();
    return label.isEmpty() ? ticket.seatId : label;
}

void OrderLookupDialog::refund()
{
    // Window-modal, no nested event loop: the answer of an earlier call can still arrive.
    auto *dialog = new RefundDialog(
        m_wire, [this](const protocol::Ticket &ticket) { return placeOf(ticket); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        sendRefund(dialog->whole() ? QStringList() : dialog->ticketIds());
    });
    dialog->open();
}

void OrderLookupDialog::sendRefund(const QStringList &ticketIds)
{
    QJsonObject body;
    if (!ticketIds.isEmpty())
        body.insert(QStringLiteral("ticket_ids"), QJsonArray::fromStringList(ticketIds));
    m_refund->setEnabled(false);
    m_status->setStyleSheet({});
    m_status->setText(tr("Refunding…"));
    // One key per confirmed refund: a retry after a lost answer never refunds twice.
    const QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_client
        ->refundOrder(m_order.value(u"order_id").toString(),
                      body,
                      key,
                      client::whileAlive(this, [this](const client::ApiResult &r) {
                          if (!r.ok()) {
                              showProblem(r);
                              m_refund->setEnabled(m_order.value(u"status").toString() == u"paid");
                              return;
                          }
                          QJsonObject order = r.body;
                          const qint64 amount
                              = order.take(u"refund").toObject().value(u"amount_cents").toInteger();
                          showOrder(order);
                          m_status->setText(
                              tr("Refunded %1. Give it back to the customer.")
                                  .arg(formatMoney(amount, order.value(u"currency").toString())));
                          Q_EMIT refunded(order, amount);
                      }));
}

void OrderLookupDialog::reissue()
{
    const int row = m_tickets->currentRow();
    if (row < 0 || row >= m_wire.tickets.size()) {
        m_status->setText(tr("Select the ticket to reissue."));
        return;
    }
    const QString ticketId = m_wire.tickets.at(row).id;
    m_client
        ->reissueTicket(ticketId, client::whileAlive(this, [this](const client::ApiResult &r) {
                            if (!r.ok()) {
                                showProblem(r);
                                return;
                            }
                            const QJsonObject ticket = r.body.value(u"ticket").toObject().isEmpty()
                                                           ? r.body
                                                           : r.body.value(u"ticket").toObject();
                            m_status->setText(
                                tr("New ticket issued; the old code no longer works. Printing."));
                            Q_EMIT reprint(m_order, ticket);
                            m_client->getOrder(m_order.value(u"order_id").toString(),
                                               [this](const client::ApiResult &o) {
                                                   if (o.ok())
                                                       showOrder(o.body);
                                               });
                        }));
}

} // namespace boxoffice::app
