// SPDX-License-Identifier: GPL-3.0-or-later
#include "refunddialog.h"

#include "eventinfo.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
constexpr int kIdRole = Qt::UserRole;
constexpr int kPriceRole = Qt::UserRole + 1;
} // namespace

RefundDialog::RefundDialog(const protocol::Order &order,
                           const std::function<QString(const protocol::Ticket &ticket)> &placeOf,
                           QWidget *parent)
    : QDialog(parent)
    , m_order(order)
    , m_tickets(new QListWidget(this))
    , m_amount(new QLabel(this))
    , m_confirm(new QPushButton(this))
{
    setObjectName(QStringLiteral("refundDialog"));
    setWindowTitle(tr("Refund"));
    setMinimumWidth(460);
    const QString currency = order.currency;
    auto *caption = new QLabel(tr("Tick the tickets to refund:"), this);
    m_tickets->setObjectName(QStringLiteral("refundTickets"));
    m_tickets->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    for (const protocol::Ticket &ticket : order.tickets) {
        if (ticket.status != u"valid")
            continue;
        const QString place = placeOf(ticket);
        const qint64 price = ticket.priceCents.value_or(0);
        auto *item = new QListWidgetItem(tr("%1 — %2").arg(place, formatMoney(price, currency)),
                                         m_tickets);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
        item->setData(kIdRole, ticket.id);
        item->setData(kPriceRole, price);
    }
    m_amount->setObjectName(QStringLiteral("refundAmount"));
    m_amount->setAlignment(Qt::AlignCenter);
    m_amount->setStyleSheet(QStringLiteral("font-size: 28pt; font-weight: 700; color: #c62828;"));
    m_confirm->setObjectName(QStringLiteral("confirmRefund"));
    m_confirm->setDefault(true);
    m_confirm->setMinimumHeight(44);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_confirm, QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_tickets, &QListWidget::itemChanged, this, &RefundDialog::update);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(caption);
    layout->addWidget(m_tickets, 1);
    auto *back = new QLabel(tr("Amount to give back"), this);
    back->setAlignment(Qt::AlignCenter);
    layout->addWidget(back);
    layout->addWidget(m_amount);
    layout->addWidget(buttons);
    update();
    m_tickets->setFocus();
}

QStringList RefundDialog::ticketIds() const
{
    QStringList ids;
    for (int i = 0; i < m_tickets->count(); ++i) {
        if (m_tickets->item(i)->checkState() == Qt::Checked)
            ids.append(m_tickets->item(i)->data(kIdRole).toString());
    }
    return ids;
}

bool RefundDialog::whole() const
{
    return m_tickets->count() > 0 && ticketIds().size() == m_tickets->count();
}

qint64 RefundDialog::amountCents() const
{
    // The server gives the rest of the order back with its last tickets; show the same.
    if (whole())
        return m_order.amountCents - m_order.refundedCents;
    qint64 sum = 0;
    for (int i = 0; i < m_tickets->count(); ++i) {
        if (m_tickets->item(i)->checkState() == Qt::Checked)
            sum += m_tickets->item(i)->data(kPriceRole).toLongLong();
    }
    return sum;
}

void RefundDialog::setTicked(const QStringList &ticketIds)
{
    for (int i = 0; i < m_tickets->count(); ++i) {
        QListWidgetItem *item = m_tickets->item(i);
        item->setCheckState(ticketIds.contains(item->data(kIdRole).toString()) ? Qt::Checked
                                                                               : Qt::Unchecked);
    }
}

void RefundDialog::update()
{
    const qsizetype count = ticketIds().size();
    m_amount->setText(formatMoney(amountCents(), m_order.currency));
    m_confirm->setEnabled(count > 0);
    m_confirm->setText(whole() ? tr("Refund the whole order (Enter)")
                               : tr("Refund %n ticket(s) (Enter)", nullptr, int(count)));
}

} // namespace boxoffice::app
