// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/order.h>

#include <QDialog>
#include <QStringList>

#include <functional>

class QLabel;
class QListWidget;
class QPushButton;

namespace boxoffice::app {

/// Which tickets of a paid order to refund: one tick per valid ticket (all ticked), the amount
/// going back shown big, Enter confirms. Only chooses; the lookup dialog talks to the server.
class RefundDialog : public QDialog
{
    Q_OBJECT
public:
    /// `placeOf` names a ticket's seat or standing area for the list.
    RefundDialog(const protocol::Order &order,
                 const std::function<QString(const protocol::Ticket &ticket)> &placeOf,
                 QWidget *parent = nullptr);

    /// The ticked tickets' ids.
    QStringList ticketIds() const;
    /// True when every valid ticket is ticked (the rest of the order is refunded).
    bool whole() const;
    /// What goes back: the ticked tickets' prices, or all that is left for the whole order.
    qint64 amountCents() const;
    /// Ticks exactly these tickets (tests, and a clerk's "only these").
    void setTicked(const QStringList &ticketIds);

private:
    void update();

    protocol::Order m_order;
    QListWidget *m_tickets;
    QLabel *m_amount;
    QPushButton *m_confirm;
};

} // namespace boxoffice::app
