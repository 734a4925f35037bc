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

class SplitTenderPage;

/// Moves one ticket (a seat or a standing place) to another free seat or a GA zone with room
/// (POST /orders/{id}/exchange): pick the place from the event's free seats and zones (any
/// category), see the price difference in big type, take it or give it back in cash, on the
/// card terminal or split between them, Enter confirms. The server voids the old ticket and
/// issues the new one in one transaction; a seat taken or a zone filled meanwhile is said
/// plainly.
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
    /// Chooses a place of GA zone `gaId` (true when the zone has room).
    bool chooseGa(const QString &gaId);
    void setMethod(const QString &method); ///< cash|card_present|split
    SplitTenderPage *splitPage() const { return m_splitPage; }
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
    void fillPlaces(const QJsonObject &seatmap, const QHash<QString, QString> &categoryNames);
    bool choose(const QString &kind, const QString &id);
    void updateState();
    QJsonObject payment() const;

    client::SalesClient *m_client;
    QJsonObject m_order;
    QJsonObject m_ticket;
    qint64 m_oldPrice = 0;
    QString m_currency;
    QString m_key; ///< one idempotency key per dialog: a retry never exchanges twice
    QHash<QString, qint64> m_prices;          ///< category -> price
    QHash<QString, QString> m_zoneCategories; ///< GA zone -> category (from the venue)
    SeatLabeller m_labeller;
    QComboBox *m_seat;
    QLabel *m_difference;
    QRadioButton *m_cash;
    QRadioButton *m_card;
    QRadioButton *m_split;
    SplitTenderPage *m_splitPage;
    QDoubleSpinBox *m_tendered;
    QLineEdit *m_reference;
    QLabel *m_status;
    QPushButton *m_confirm;
    bool m_ready = false;
    bool m_busy = false;
    bool m_done = false;
};

} // namespace boxoffice::app
