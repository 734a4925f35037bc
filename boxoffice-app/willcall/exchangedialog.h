// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QHash>
#include <QJsonObject>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace boxoffice::client {
class SalesClient;
struct ApiResult;
} // namespace boxoffice::client

namespace boxoffice::app {

/// Moves one ticket to another free seat (POST /orders/{id}/exchange): pick the seat from the
/// event's free seats (any category), see the price difference in big type, take it (cash or
/// card terminal) or give it back, Enter confirms. The server voids the old ticket and issues
/// the new one in one transaction; a seat taken meanwhile is said plainly.
class ExchangeDialog : public QDialog
{
    Q_OBJECT
public:
    /// Names a seat of the order's event ("Plateia · Row 8 · Seat 6"; "" when unknown).
    using SeatLabeller = std::function<QString(const QString &seatId)>;

    ExchangeDialog(client::SalesClient *client,
                   const QJsonObject &order,
                   const QJsonObject &ticket,
                   SeatLabeller labeller,
                   QWidget *parent = nullptr);

    /// Chooses the new seat by id (true when it is among the free seats).
    bool chooseSeat(const QString &seatId);
    void setMethod(const QString &method); ///< cash|card_present
    void setTendered(qint64 cents);
    void setReference(const QString &text);
    qint64 differenceCents() const;
    bool isReady() const { return m_ready; }
    QString statusText() const;
    void confirm();

Q_SIGNALS:
    void exchanged(const QJsonObject &order, const QJsonObject &payment);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void load();
    void updateState();
    QJsonObject payment() const;

    client::SalesClient *m_client;
    QJsonObject m_order;
    QJsonObject m_ticket;
    qint64 m_oldPrice = 0;
    QString m_currency;
    QString m_key; ///< one idempotency key per dialog: a retry never exchanges twice
    QHash<QString, qint64> m_prices; ///< category -> price
    SeatLabeller m_labeller;
    QComboBox *m_seat;
    QLabel *m_difference;
    QRadioButton *m_cash;
    QRadioButton *m_card;
    QDoubleSpinBox *m_tendered;
    QLineEdit *m_reference;
    QLabel *m_status;
    QPushButton *m_confirm;
    bool m_ready = false;
    bool m_busy = false;
    bool m_done = false;
};

} // namespace boxoffice::app
