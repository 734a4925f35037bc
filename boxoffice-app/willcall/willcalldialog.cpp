// SPDX-License-Identifier: GPL-3.0-or-later
#include "willcalldialog.h"

#include "../eventinfo.h"
#include "../salesession.h"
#include "exchangedialog.h"

#include <client/salesclient.h>
#include <core/localtime.h>

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {

QString customerOf(const QJsonObject &item)
{
    const QJsonObject c = item.value(u"customer").toObject();
    QStringList parts;
    for (const char *key : {"name", "email", "username"}) {
        const QString text = c.value(QLatin1String(key)).toString();
        if (!text.isEmpty() && !parts.contains(text))
            parts.append(text);
    }
    return parts.join(QStringLiteral(" · "));
}

QString statusWord(const QString &status)
{
    auto tr = [](const char *text) {
        return QCoreApplication::translate("boxoffice::app::WillCallDialog", text);
    };
    if (status == u"paid")
        return tr("Paid");
    if (status == u"refunded")
        return tr("Refunded");
    if (status == u"pending")
        return tr("Not paid yet");
    if (status == u"valid")
        return tr("Valid");
    if (status == u"void")
        return tr("Void");
    return status;
}

QString startOf(const QJsonObject &event)
{
    return core::LocalTime::shortDateTime(QDateTime::fromString(event.value(u"starts_at").toString(),
                                                                Qt::ISODate),
                                          event.value(u"time_zone").toString());
}

} // namespace

WillCallDialog::WillCallDialog(client::SalesClient *client, SaleSession *session, QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_session(session)
    , m_query(new QLineEdit(this))
    , m_results(new QTreeWidget(this))
    , m_summary(new QLabel(this))
    , m_tickets(new QTableWidget(0, 3, this))
    , m_print(new QPushButton(tr("&Print tickets here (F8)"), this))
    , m_exchange(new QPushButton(tr("E&xchange seat… (F11)"), this))
    , m_mail(new QPushButton(tr("&Mail again… (F9)"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("willCall"));
    setWindowTitle(tr("Will-call"));
    resize(820, 560);
    m_query->setObjectName(QStringLiteral("willCallQuery"));
    m_query->setPlaceholderText(
        tr("Order number, e-mail, name — or scan the QR code on the phone — then Enter"));
    m_query->setStyleSheet(QStringLiteral("font-size: 13pt; padding: 3px;"));
    m_results->setObjectName(QStringLiteral("willCallResults"));
    m_results->setHeaderLabels({tr("Customer"), tr("Event"), tr("Status"), tr("Tickets")});
    m_results->setRootIsDecorated(false);
    m_results->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_results->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_summary->setObjectName(QStringLiteral("willCallSummary"));
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    m_tickets->setObjectName(QStringLiteral("willCallTickets"));
    m_tickets->setHorizontalHeaderLabels({tr("Seat"), tr("Price"), tr("Status")});
    m_tickets->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tickets->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tickets->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tickets->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_print->setObjectName(QStringLiteral("willCallPrint"));
    m_print->setShortcut(Qt::Key_F8);
    m_print->setToolTip(tr("Prints the order's valid tickets with their codes unchanged"));
    m_exchange->setObjectName(QStringLiteral("willCallExchange"));
    m_exchange->setShortcut(Qt::Key_F11);
    m_exchange->setToolTip(tr("Moves the selected ticket to another free seat"));
    m_mail->setObjectName(QStringLiteral("willCallMail"));
    m_mail->setShortcut(Qt::Key_F9);
    m_mail->setToolTip(
        tr("Sends the order's tickets by e-mail again, to the same or a new address"));
    m_status->setObjectName(QStringLiteral("willCallStatus"));
    m_status->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_query);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_tickets, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_print);
    buttons->addWidget(m_exchange);
    buttons->addWidget(m_mail);
    buttons->addStretch(1);
    auto *close = new QPushButton(tr("Close (Esc)"), this);
    buttons->addWidget(close);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    for (QPushButton *b : {m_print, m_exchange, m_mail, close})
        b->setAutoDefault(false);
    m_print->setEnabled(false);
    m_exchange->setEnabled(false);
    m_mail->setEnabled(false);
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_query, &QLineEdit::returnPressed, this, [this] { search(m_query->text()); });
    connect(m_results, &QTreeWidget::currentItemChanged, this, [this] {
        const int index = m_results->indexOfTopLevelItem(m_results->currentItem());
        if (index >= 0 && index < m_items.size())
            showOrder(m_items.at(index).toObject());
    });
    connect(m_print, &QPushButton::clicked, this, &WillCallDialog::printSelected);
    connect(m_exchange, &QPushButton::clicked, this, &WillCallDialog::exchangeSelected);
    connect(m_mail, &QPushButton::clicked, this, &WillCallDialog::askMailAgain);
    m_query->setFocus();
}

void WillCallDialog::askMailAgain()
{
    if (m_order.value(u"status").toString() != u"paid") {
        setStatus(tr("Select a paid order to mail."), true);
        return;
    }
    // Not waited for (open(), no nested event loop): the map behind keeps its live updates.
    auto *ask = new QInputDialog(this);
    ask->setObjectName(QStringLiteral("willCallMailAddress"));
    ask->setAttribute(Qt::WA_DeleteOnClose);
    ask->setWindowTitle(tr("Mail tickets again"));
    ask->setLabelText(tr("E-mail address (change it if the fan asks; empty = the order's own):"));
    ask->setTextValue(m_order.value(u"customer").toObject().value(u"email").toString());
    ask->setOkButtonText(tr("&Send"));
    ask->setCancelButtonText(tr("Cancel"));
    connect(ask, &QInputDialog::textValueSelected, this, &WillCallDialog::mailAgain);
    // The keyboard comes back here (F8, F11 are this window's shortcuts).
    connect(ask, &QDialog::finished, this, [this] {
        activateWindow();
        m_query->setFocus();
    });
    ask->open();
}

void WillCallDialog::mailAgain(const QString &address)
{
    const QString orderId = m_order.value(u"order_id").toString();
    if (orderId.isEmpty())
        return;
    QJsonObject body;
    if (!address.trimmed().isEmpty())
        body.insert(QStringLiteral("email"), address.trimmed());
    setStatus(tr("Sending…"));
    m_client->mailOrder(orderId,
                        body,
                        QUuid::createUuid().toString(QUuid::WithoutBraces),
                        client::whileAlive(this, [this](const client::ApiResult &r) {
                            if (r.status != 202) {
                                showProblem(r);
                                return;
                            }
                            setStatus(tr("The tickets are on their way to %1.")
                                          .arg(r.body.value(u"to").toString()));
                            Q_EMIT mailed(r.body.value(u"order_id").toString(),
                                          r.body.value(u"to").toString());
                        }));
}

QString WillCallDialog::statusText() const
{
    return m_status->text();
}

int WillCallDialog::resultCount() const
{
    return m_results->topLevelItemCount();
}

void WillCallDialog::selectResult(int index)
{
    m_results->setCurrentItem(m_results->topLevelItem(index));
}

void WillCallDialog::selectTicket(int row)
{
    m_tickets->selectRow(row);
}

void WillCallDialog::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828; font-weight: 600;") : QString());
}

void WillCallDialog::search(const QString &input)
{
    const QString text = input.trimmed();
    m_query->setText(text);
    if (text.size() < 2) {
        setStatus(tr("Type at least two characters."), true);
        return;
    }
    setStatus(tr("Searching…"));
    m_client->searchOrders(text, client::whileAlive(this, [this](const client::ApiResult &r) {
                               if (!r.ok()) {
                                   showProblem(r);
                                   return;
                               }
                               showResults(r.body.value(u"items").toArray());
                           }));
}

void WillCallDialog::showProblem(const client::ApiResult &r)
{
    const QString code = r.code();
    setStatus(code == u"seat_unavailable" ? tr("That seat was taken meanwhile. Pick another.")
              : code == u"ticket_used"    ? tr("This ticket was already scanned at the door; it "
                                               "cannot be exchanged.")
              : code == u"ticket_void"    ? tr("This ticket is void (refunded, reissued or "
                                               "exchanged). Search again.")
              : code == u"shift_required" ? tr("Open a shift (F4) before handling cash.")
              : r.status == 404           ? tr("Not found.")
              : r.status == 403           ? tr("Your role may not do this.")
              : r.status == 0             ? tr("The server cannot be reached.")
                                          : r.error,
              true);
}

void WillCallDialog::showResults(const QJsonArray &items)
{
    m_items = items;
    m_results->clear();
    for (const QJsonValue &v : items) {
        const QJsonObject item = v.toObject();
        int valid = 0;
        for (const QJsonValue &t : item.value(u"tickets").toArray())
            valid += t.toObject().value(u"status").toString() == u"valid" ? 1 : 0;
        const QJsonObject event = item.value(u"event").toObject();
        auto *row = new QTreeWidgetItem(m_results);
        row->setText(0, customerOf(item));
        row->setText(1,
                     QStringLiteral("%1 — %2").arg(event.value(u"title").toString(),
                                                   startOf(event)));
        row->setText(2, statusWord(item.value(u"status").toString()));
        row->setText(3, QString::number(valid));
    }
    if (items.isEmpty()) {
        m_order = {};
        m_tickets->setRowCount(0);
        m_summary->clear();
        m_print->setEnabled(false);
        m_exchange->setEnabled(false);
        setStatus(tr("No order matches. Check the spelling, or ask for the order number."), true);
        return;
    }
    setStatus(items.size() == 1 ? tr("One order found.")
                                : tr("%n orders found.", nullptr, int(items.size())));
    m_results->setCurrentItem(m_results->topLevelItem(0));
}

QList<protocol::Ticket> WillCallDialog::ticketsOf(const QJsonObject &order)
{
    const protocol::Parsed<protocol::Order> wire = protocol::Order::fromJson(order);
    if (!wire) {
        setStatus(tr("The server's answer could not be read (%1).").arg(wire.error()), true);
        return {};
    }
    return wire->tickets;
}

QString WillCallDialog::placeOf(const protocol::Ticket &ticket) const
{
    if (ticket.seatId.isEmpty())
        return tr("Standing: %1").arg(ticket.gaId);
    if (m_session && m_session->event().id == ticket.eventId)
        return m_session->seatLabel(ticket.seatId);
    return ticket.seatId;
}

void WillCallDialog::showOrder(const QJsonObject &order)
{
    m_order = order;
    const QString currency = order.value(u"currency").toString();
    const QJsonObject event = order.value(u"event").toObject();
    m_summary->setText(tr("<b>%1</b> — %2, %3<br>Order %4 — %5 — %6")
                           .arg(customerOf(order).toHtmlEscaped(),
                                event.value(u"title").toString().toHtmlEscaped(),
                                startOf(event),
                                order.value(u"order_id").toString(),
                                statusWord(order.value(u"status").toString()),
                                formatMoney(order.value(u"amount_cents").toInteger(), currency)));
    const QList<protocol::Ticket> tickets = ticketsOf(order);
    m_tickets->setRowCount(int(tickets.size()));
    int valid = 0;
    for (int i = 0; i < tickets.size(); ++i) {
        const protocol::Ticket &t = tickets.at(i);
        valid += t.status == u"valid" ? 1 : 0;
        m_tickets->setItem(i, 0, new QTableWidgetItem(placeOf(t)));
        m_tickets->setItem(i,
                           1,
                           new QTableWidgetItem(formatMoney(t.priceCents.value_or(0), currency)));
        m_tickets->setItem(i, 2, new QTableWidgetItem(statusWord(t.status)));
    }
    const bool paid = order.value(u"status").toString() == u"paid";
    m_print->setEnabled(paid && valid > 0);
    m_mail->setEnabled(paid && valid > 0);
    m_exchange->setEnabled(paid && valid > 0);
    for (int i = 0; i < tickets.size(); ++i) {
        if (tickets.at(i).status == u"valid") {
            m_tickets->selectRow(i);
            break;
        }
    }
}

PrintedOrder WillCallDialog::printable(const QJsonObject &order) const
{
    const QJsonObject event = order.value(u"event").toObject();
    PrintedOrder p;
    p.orderId = order.value(u"order_id").toString();
    p.eventTitle = event.value(u"title").toString();
    p.venueName = event.value(u"venue").toString();
    p.startsAt = QDateTime::fromString(event.value(u"starts_at").toString(), Qt::ISODate);
    p.timeZone = event.value(u"time_zone").toString();
    p.currency = order.value(u"currency").toString();
    p.totalCents = order.value(u"amount_cents").toInteger();
    p.method = order.value(u"payment").toObject().value(u"method").toString();
    const protocol::Parsed<protocol::Order> wire = protocol::Order::fromJson(order);
    for (const protocol::Ticket &t : wire ? wire->tickets : QList<protocol::Ticket>()) {
        if (t.status == u"valid")
            p.tickets.append({t.id, t.code, placeOf(t), t.priceCents.value_or(0)});
    }
    return p;
}

void WillCallDialog::printSelected()
{
    const PrintedOrder printed = printable(m_order);
    if (printed.tickets.isEmpty())
        return;
    QStringList ids;
    for (const PrintedTicket &t : printed.tickets)
        ids.append(t.ticketId);
    Q_EMIT printRequested(printed);
    setStatus(tr("Printing %n ticket(s); the codes are the same as on the phone.",
                 nullptr,
                 int(ids.size())));
    m_client->markPrinted(printed.orderId,
                          ids,
                          client::whileAlive(this, [this](const client::ApiResult &r) {
                              if (!r.ok())
                                  showProblem(r);
                          }));
}

void WillCallDialog::exchangeSelected()
{
    const QJsonArray tickets = m_order.value(u"tickets").toArray();
    const int row = m_tickets->currentRow();
    if (row < 0 || row >= tickets.size()
        || tickets.at(row).toObject().value(u"status").toString() != u"valid") {
        setStatus(tr("Select a valid ticket to exchange."), true);
        return;
    }
    const QString eventId = m_order.value(u"event_id").toString();
    auto *dialog = new ExchangeDialog(
        m_client,
        m_order,
        tickets.at(row).toObject(),
        [this, eventId](const QString &seatId) {
            return m_session && m_session->event().id == eventId ? m_session->seatLabel(seatId)
                                                                 : QString();
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog,
            &ExchangeDialog::exchanged,
            this,
            [this](const QJsonObject &order, const QJsonObject &payment) {
                QJsonObject shown = order;
                shown.insert(u"customer", m_order.value(u"customer"));
                shown.insert(u"event", m_order.value(u"event"));
                showOrder(shown);
                setStatus(tr("Exchanged: the old ticket no longer works. Printing the new one."));
                Q_EMIT exchanged(order, payment);
                // The new ticket only, printed here.
                PrintedOrder printed = printable(shown);
                const QString fresh = order.value(u"exchange")
                                          .toObject()
                                          .value(u"ticket")
                                          .toObject()
                                          .value(u"ticket_id")
                                          .toString();
                printed.tickets.removeIf(
                    [&](const PrintedTicket &t) { return t.ticketId != fresh; });
                if (!printed.tickets.isEmpty()) {
                    Q_EMIT printRequested(printed);
                    m_client->markPrinted(printed.orderId, {fresh}, {});
                }
            });
    dialog->open();
}

} // namespace boxoffice::app
