// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace boxoffice::app {

/// Split tender: part in cash (with what was handed over and the change), the rest on the card
/// terminal (its reference). The parts always add up to the total: the card part is what the
/// cash part leaves.
class SplitTenderPage : public QWidget
{
    Q_OBJECT
public:
    SplitTenderPage(qint64 totalCents, const QString &currency, QWidget *parent = nullptr);

    /// A new amount to split (an exchange's difference follows the chosen place); the cash
    /// part is kept when it still fits, else it becomes half.
    void setTotal(qint64 cents);
    void setCashPart(qint64 cents);
    void setTendered(qint64 cents);
    void setReference(const QString &text);
    qint64 cashCents() const;
    qint64 cardCents() const;
    qint64 tenderedCents() const;
    qint64 changeCents() const { return tenderedCents() - cashCents(); }
    /// Both parts above zero, enough cash handed over, a terminal reference.
    bool isComplete() const;
    /// {"method":"split","parts":[cash…, card_present…]}.
    QJsonObject payment() const;
    QLineEdit *referenceField() const { return m_reference; }

Q_SIGNALS:
    void changed();

private:
    void update();

    qint64 m_total;
    QString m_currency;
    QDoubleSpinBox *m_cash;
    QDoubleSpinBox *m_tendered;
    QLabel *m_card;
    QLabel *m_change;
    QLineEdit *m_reference;
};

} // namespace boxoffice::app
