// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/order.h>

#include <QDialog>

#include <functional>
#include <QJsonObject>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

/// After the sale: find an order by number (or check a scanned ticket code), refund it whole or
/// the tickets ticked in a RefundDialog (role-checked by the server), reissue a ticket (the old
/// code is void).
class OrderLookupDialog : public QDialog
{
    Q_OBJECT
public:
    OrderLookupDialog(client::SalesClient *client, QWidget *parent = nullptr);

    /// Names a seat of an event ("Section 1 · Row 3 · Seat 7"), or returns an empty string when
    /// it cannot (another event than the open one): the raw seat id is shown then.
    using SeatLabeller = std::function<QString(const QString &eventId, const QString &seatId)>;
    void setSeatLabeller(SeatLabeller labeller) { m_seatLabeller = std::move(labeller); }

    void lookUp(const QString &text);
    QJsonObject order() const { return m_order; }
    QString statusText() const;

Q_SIGNALS:
    /// A ticket was reissued: print it (the order with only that ticket).
    void reprint(const QJsonObject &order, const QJsonObject &ticket);
    /// The order (or some of its tickets) was refunded: `refundCents` went back to the customer.
    void refunded(const QJsonObject &order, qint64 refundCents);

private:
    void showOrder(const QJsonObject &order);
    /// Where a ticket sits, for people: the seat's label, or the standing area.
    QString placeOf(const protocol::Ticket &ticket) const;
    void showProblem(const client::ApiResult &result);
    void refund();
    void sendRefund(const QStringList &ticketIds);
    void reissue();

    client::SalesClient *m_client;
    QLineEdit *m_query;
    QLabel *m_summary;
    QTableWidget *m_tickets;
    QPushButton *m_refund;
    QPushButton *m_reissue;
    QLabel *m_status;
    QJsonObject m_order;
    protocol::Order m_wire; ///< m_order as read
    SeatLabeller m_seatLabeller;
};

} // namespace boxoffice::app
