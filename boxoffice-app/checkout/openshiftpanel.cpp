// SPDX-License-Identifier: GPL-3.0-or-later
#include "openshiftpanel.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

OpenShiftPanel::OpenShiftPanel(const QString &currency, QWidget *parent)
    : QWidget(parent)
    , m_float(new QDoubleSpinBox(this))
    , m_open(new QPushButton(tr("&Open the shift and go on"), this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("openShiftPanel"));
    setStyleSheet(QStringLiteral("#openShiftPanel { background: #fff8e1; border: 1px solid #ffb300;"
                                 " border-radius: 6px; }"));
    setAttribute(Qt::WA_StyledBackground);
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("No shift is open at this counter. Count the float in the drawer "
                                "and open the shift here; this sale goes on after."),
                             this);
    title->setWordWrap(true);
    title->setStyleSheet(QStringLiteral("font-size: 11pt; font-weight: 600;"));
    layout->addWidget(title);
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("&Float:"), this);
    label->setBuddy(m_float);
    m_float->setObjectName(QStringLiteral("shiftFloat"));
    m_float->setDecimals(2);
    m_float->setRange(0, 1e6);
    m_float->setSuffix(u' ' + currency);
    m_float->setStyleSheet(QStringLiteral("font-size: 14pt;"));
    m_open->setObjectName(QStringLiteral("openShiftHere"));
    m_open->setAutoDefault(false);
    row->addWidget(label);
    row->addWidget(m_float, 1);
    row->addWidget(m_open);
    layout->addLayout(row);
    m_message->setObjectName(QStringLiteral("openShiftMessage"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_message->hide();
    layout->addWidget(m_message);
    connect(m_open, &QPushButton::clicked, this, [this] { Q_EMIT openRequested(floatCents()); });
}

void OpenShiftPanel::setBusy(bool busy)
{
    m_open->setEnabled(!busy);
    m_float->setEnabled(!busy);
    if (busy)
        m_message->hide();
}

void OpenShiftPanel::showError(const QString &message)
{
    setBusy(false);
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

qint64 OpenShiftPanel::floatCents() const
{
    return qRound64(m_float->value() * 100.0);
}

void OpenShiftPanel::setFloat(qint64 cents)
{
    m_float->setValue(double(cents) / 100.0);
}

} // namespace boxoffice::app
