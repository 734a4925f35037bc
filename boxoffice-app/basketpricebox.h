// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice::app {

class SaleSession;

/// Under the basket: the promo code field (Enter applies it) and what the server's quote adds up
/// to besides the tickets: the code's discount, the fees and the tax within the total.
class BasketPriceBox : public QWidget
{
    Q_OBJECT
public:
    explicit BasketPriceBox(SaleSession *session, QWidget *parent = nullptr);

    QLineEdit *codeEdit() const { return m_code; }
    QPushButton *applyButton() const { return m_apply; }
    QString summaryText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyOrRemove();
    void refresh();
    void retranslate();

    SaleSession *m_session;
    QLineEdit *m_code;
    QPushButton *m_apply;
    QLabel *m_summary;
};

} // namespace boxoffice::app
