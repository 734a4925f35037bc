// SPDX-License-Identifier: GPL-3.0-or-later
#include "splittenderpage.h"

#include "../eventinfo.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>

namespace boxoffice::app {

SplitTenderPage::SplitTenderPage(qint64 totalCents, const QString &currency, QWidget *parent)
    : QWidget(parent)
    , m_total(totalCents)
    , m_currency(currency)
    , m_cash(new QDoubleSpinBox(this))
    , m_tendered(new QDoubleSpinBox(this))
    , m_card(new QLabel(this))
    , m_change(new QLabel(this))
    , m_reference(new QLineEdit(this))
{
    setObjectName(QStringLiteral("splitTender"));
    auto *form = new QFormLayout(this);
    for (QDoubleSpinBox *box : {m_cash, m_tendered}) {
        box->setDecimals(2);
        box->setSuffix(u' ' + currency);
        box->setStyleSheet(QStringLiteral("font-size: 16pt;"));
    }
    m_cash->setObjectName(QStringLiteral("splitCash"));
    m_cash->setRange(0, double(totalCents) / 100.0);
    m_cash->setValue(double(totalCents / 2) / 100.0);
    m_tendered->setObjectName(QStringLiteral("splitTendered"));
    m_tendered->setRange(0, 1e7);
    m_tendered->setValue(m_cash->value());
    m_card->setObjectName(QStringLiteral("splitCard"));
    m_card->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 600;"));
    m_change->setObjectName(QStringLiteral("splitChange"));
    m_change->setStyleSheet(QStringLiteral("font-size: 14pt; font-weight: 600;"));
    m_reference->setObjectName(QStringLiteral("splitReference"));
    m_reference->setPlaceholderText(tr("Terminal receipt number"));
    form->addRow(tr("In cash:"), m_cash);
    form->addRow(tr("Cash handed over:"), m_tendered);
    form->addRow(m_change);
    form->addRow(tr("On the card terminal:"), m_card);
    form->addRow(tr("Card reference:"), m_reference);
    connect(m_cash, &QDoubleSpinBox::valueChanged, this, [this] {
        // Handing over exactly the cash part is the usual case: follow it until changed.
        if (m_tendered->value() < m_cash->value())
            m_tendered->setValue(m_cash->value());
        update();
    });
    connect(m_tendered, &QDoubleSpinBox::valueChanged, this, &SplitTenderPage::update);
    connect(m_reference, &QLineEdit::textChanged, this, &SplitTenderPage::update);
    update();
}

void SplitTenderPage::setTotal(qint64 cents)
{
    m_total = cents;
    m_cash->setRange(0, double(cents) / 100.0);
    if (cashCents() <= 0 || cashCents() >= cents)
        m_cash->setValue(double(cents / 2) / 100.0);
    update();
}

void SplitTenderPage::setCashPart(qint64 cents)
{
    m_cash->setValue(double(cents) / 100.0);
}

void SplitTenderPage::setTendered(qint64 cents)
{
    m_tendered->setValue(double(cents) / 100.0);
}

void SplitTenderPage::setReference(const QString &text)
{
    m_reference->setText(text);
}

qint64 SplitTenderPage::cashCents() const
{
    return qRound64(m_cash->value() * 100.0);
}

qint64 SplitTenderPage::cardCents() const
{
    return m_total - cashCents();
}

qint64 SplitTenderPage::tenderedCents() const
{
    return qRound64(m_tendered->value() * 100.0);
}

bool SplitTenderPage::isComplete() const
{
    return cashCents() > 0 && cardCents() > 0 && changeCents() >= 0
           && !m_reference->text().trimmed().isEmpty();
}

QJsonObject SplitTenderPage::payment() const
{
    return {{QStringLiteral("method"), QStringLiteral("split")},
            {QStringLiteral("parts"),
             QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                    {QStringLiteral("amount_cents"), cashCents()},
                                    {QStringLiteral("tendered_cents"), tenderedCents()}},
                        QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                    {QStringLiteral("amount_cents"), cardCents()},
                                    {QStringLiteral("reference"), m_reference->text().trimmed()}}}}};
}

void SplitTenderPage::update()
{
    m_card->setText(formatMoney(cardCents(), m_currency));
    if (changeCents() < 0) {
        m_change->setText(tr("Cash still due: %1").arg(formatMoney(-changeCents(), m_currency)));
        m_change->setStyleSheet(
            QStringLiteral("font-size: 14pt; font-weight: 600; color: #c62828;"));
    } else {
        m_change->setText(tr("Change: %1").arg(formatMoney(changeCents(), m_currency)));
        m_change->setStyleSheet(
            QStringLiteral("font-size: 14pt; font-weight: 600; color: #1b5e20;"));
    }
    Q_EMIT changed();
}

} // namespace boxoffice::app
