// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QJsonObject>

class QButtonGroup;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QStackedWidget;

namespace boxoffice::app {

class OpenShiftPanel;
class SplitTenderPage;

/// Takes payment for the basket: cash (tendered, change in big type), card terminal (reference)
/// or comp (reason; managers only). Enter confirms. While the server records the sale the dialog
/// waits; then it shows the result (change to give back) until the clerk presses Enter again.
class CheckoutDialog : public QDialog
{
    Q_OBJECT
public:
    CheckoutDialog(qint64 totalCents,
                   const QString &currency,
                   bool mayComp,
                   QWidget *parent = nullptr);

    /// The `payment` object for POST /orders.
    QJsonObject payment() const;
    qint64 tenderedCents() const;
    qint64 changeCents() const;
    QString changeText() const;
    void setMethod(const QString &method);
    void setTendered(qint64 cents);
    void setReference(const QString &text);
    SplitTenderPage *splitPage() const { return m_split; }
    OpenShiftPanel *shiftPanel() const { return m_shiftPanel; }

    /// Whether a shift is open: without one, taking cash first offers to open it here.
    void setShiftOpen(bool open);
    bool needsShift() const;
    /// The shift was opened from the panel: back to the sale.
    void shiftOpened();
    void shiftFailed(const QString &message);

    /// The sale is recorded: shows the change (cash) and the order number.
    void showDone(const QString &orderId, qint64 changeCents);
    /// The sale failed: back to input with the message.
    void showError(const QString &message);
    bool isDone() const { return m_done; }
    /// Shown once the sale is recorded: an invoice for the order (F9).
    QPushButton *invoiceButton() const { return m_invoice; }

Q_SIGNALS:
    /// The clerk asked for an invoice for the recorded sale.
    void invoiceRequested(const QString &orderId);
    void confirmed(const QJsonObject &payment);
    /// The clerk opened the shift from the checkout with this float.
    void openShiftRequested(qint64 floatCents);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void updateState();
    void confirm();

    qint64 m_total;
    QString m_currency;
    QButtonGroup *m_methods;
    QRadioButton *m_cash;
    QRadioButton *m_card;
    QRadioButton *m_comp;
    QRadioButton *m_splitButton;
    SplitTenderPage *m_split;
    OpenShiftPanel *m_shiftPanel;
    bool m_shiftOpen = true;
    QStackedWidget *m_pages;
    QDoubleSpinBox *m_tendered;
    QLabel *m_change;
    QLineEdit *m_reference;
    QLineEdit *m_reason;
    QLabel *m_status;
    QPushButton *m_confirm;
    QPushButton *m_invoice;
    QString m_orderId;
    bool m_busy = false;
    bool m_done = false;
};

} // namespace boxoffice::app
