// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace boxoffice::app {

class BasketPriceBox;
class SaleSession;
struct BasketLine;

/// The basket beside the map: one line per seat or GA quantity with its ticket type and price
/// (the server's quote), the promo code and fees, the total in big type, the hold countdown,
/// and the Checkout / Clear buttons.
class BasketPanel : public QWidget
{
    Q_OBJECT
public:
    explicit BasketPanel(SaleSession *session, QWidget *parent = nullptr);

    QPushButton *checkoutButton() const { return m_checkout; }
    QPushButton *clearButton() const { return m_clear; }
    QString totalText() const;
    QString countdownText() const;
    int lineCount() const;
    BasketPriceBox *priceBox() const { return m_prices; }

Q_SIGNALS:
    void checkoutRequested();
    void removeRequested(const QStringList &seatIds);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    /// The ticket-type choice of a seat line; none for GA or an event without types.
    QWidget *typeChoice(const BasketLine &line);
    void showCountdown(int seconds);
    void retranslate();

    SaleSession *m_session;
    QLabel *m_title;
    QTableWidget *m_lines;
    BasketPriceBox *m_prices;
    QLabel *m_totalCaption;
    QLabel *m_total;
    QLabel *m_countdown;
    QPushButton *m_checkout;
    QPushButton *m_clear;
    QPushButton *m_remove;
};

} // namespace boxoffice::app
