// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/order.h>

#include "../ticketprinter.h"

#include <QDialog>
#include <QJsonArray>
#include <QJsonObject>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

class SaleSession;

/// Will-call (F5): find a fan's order by order number, e-mail, name or the QR code on their
/// phone (GET /orders?q=, which never admits the ticket), see its tickets, print them at the
/// counter (the same codes; the print run is logged on the server), mail them again, or move a
/// ticket to another seat (ExchangeDialog).
class WillCallDialog : public QDialog
{
    Q_OBJECT
public:
    WillCallDialog(client::SalesClient *client, SaleSession *session, QWidget *parent = nullptr);

    void search(const QString &query);
    /// Prints the valid tickets of the selected order here.
    void printSelected();
    /// Opens the exchange for the selected ticket.
    void exchangeSelected();
    /// Asks for the address (the order's own, or a new one), then mails the tickets again.
    void askMailAgain();
    /// POST /orders/{id}/mail for the selected order; `address` empty: the order's own.
    void mailAgain(const QString &address);
    QString statusText() const;
    QJsonObject currentOrder() const { return m_order; }
    int resultCount() const;
    void selectResult(int index);
    void selectTicket(int row);

Q_SIGNALS:
    void printRequested(const PrintedOrder &order);
    /// The server exchanged a ticket: the order (with its `exchange`) and the payment used.
    void exchanged(const QJsonObject &order, const QJsonObject &payment);
    /// The server queued the tickets' mail to `to`.
    void mailed(const QString &orderId, const QString &to);

private:
    void showResults(const QJsonArray &items);
    void showOrder(const QJsonObject &order);
    void showProblem(const client::ApiResult &result);
    void setStatus(const QString &text, bool error = false);
    QString placeOf(const protocol::Ticket &ticket) const;
    /// The tickets of `order` (none, with the reason shown, when it does not read as an Order).
    QList<protocol::Ticket> ticketsOf(const QJsonObject &order);
    PrintedOrder printable(const QJsonObject &order) const;

    client::SalesClient *m_client;
    SaleSession *m_session;
    QLineEdit *m_query;
    QTreeWidget *m_results;
    QLabel *m_summary;
    QTableWidget *m_tickets;
    QPushButton *m_print;
    QPushButton *m_exchange;
    QPushButton *m_mail;
    QLabel *m_status;
    QJsonArray m_items;
    QJsonObject m_order;
};

} // namespace boxoffice::app
