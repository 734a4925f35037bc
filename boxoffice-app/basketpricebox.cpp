// SPDX-License-Identifier: GPL-3.0-or-later
#include "basketpricebox.h"

#include "counterpricing.h"
#include "salesession.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace boxoffice::app {

BasketPriceBox::BasketPriceBox(SaleSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_code(new QLineEdit(this))
    , m_apply(new QPushButton(this))
    , m_summary(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *codeRow = new QHBoxLayout;
    m_code->setObjectName(QStringLiteral("promoCode"));
    m_code->setMaxLength(40);
    m_code->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_-]*")),
                                        m_code));
    codeRow->addWidget(m_code, 1);
    m_apply->setObjectName(QStringLiteral("applyCode"));
    codeRow->addWidget(m_apply);
    layout->addLayout(codeRow);
    m_summary->setObjectName(QStringLiteral("priceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignRight);
    layout->addWidget(m_summary);

    connect(m_code, &QLineEdit::returnPressed, this, &BasketPriceBox::applyOrRemove);
    connect(m_apply, &QPushButton::clicked, this, &BasketPriceBox::applyOrRemove);
    connect(session->pricing(), &CounterPricing::changed, this, &BasketPriceBox::refresh);
    connect(session, &SaleSession::basketChanged, this, &BasketPriceBox::refresh);
    retranslate();
}

void BasketPriceBox::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void BasketPriceBox::retranslate()
{
    m_code->setPlaceholderText(tr("Promo code"));
    m_code->setAccessibleName(tr("Promo code"));
    refresh();
}

void BasketPriceBox::applyOrRemove()
{
    CounterPricing *pricing = m_session->pricing();
    if (!pricing->code().isEmpty()) {
        m_code->clear();
        pricing->clearCode();
    } else if (!m_code->text().trimmed().isEmpty()) {
        pricing->applyCode(m_code->text());
    }
}

void BasketPriceBox::refresh()
{
    const CounterPricing *pricing = m_session->pricing();
    const bool applied = !pricing->code().isEmpty();
    const bool basket = !m_session->holdId().isEmpty();
    m_apply->setText(applied ? tr("Remove code") : tr("Apply code"));
    m_code->setReadOnly(applied);
    m_code->setEnabled(basket);
    m_apply->setEnabled(basket && !pricing->isBusy());
    if (!applied && !m_code->hasFocus() && !basket)
        m_code->clear();

    const QJsonObject &quote = pricing->quote();
    const QString currency = m_session->event().currency;
    QStringList parts;
    if (const qint64 discount = quote.value(u"discount_cents").toInteger(); discount > 0)
        parts.append(tr("Code %1: −%2")
                         .arg(quote.value(u"voucher").toString(), formatMoney(discount, currency)));
    if (const qint64 fees = quote.value(u"fee_cents").toInteger(); fees > 0)
        parts.append(tr("Fees: %1").arg(formatMoney(fees, currency)));
    if (const qint64 tax = quote.value(u"tax_cents").toInteger(); tax > 0)
        parts.append(tr("Including %1: %2")
                         .arg(pricing->taxName().isEmpty() ? tr("tax") : pricing->taxName(),
                              formatMoney(tax, currency)));
    m_summary->setText(parts.join(u'\n'));
    m_summary->setVisible(!parts.isEmpty());
}

QString BasketPriceBox::summaryText() const
{
    return m_summary->text();
}

} // namespace boxoffice::app
