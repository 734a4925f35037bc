// SPDX-License-Identifier: GPL-3.0-or-later
#include "cancelresultdialog.h"

#include "eventinfo.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice::app {

CancelResultDialog::CancelResultDialog(const QJsonObject &result, QWidget *parent)
    : QDialog(parent)
    , m_orders(new QTableWidget(this))
{
    setObjectName(QStringLiteral("cancelResultDialog"));
    setWindowTitle(tr("Event cancelled"));
    setMinimumWidth(600);
    const QJsonObject event = result.value(u"event").toObject();
    const QString currency = event.value(u"currency").toString();
    auto *summary = new QLabel(
        tr("<p><b>“%1” is cancelled.</b></p>"
           "<p>%2 online refund(s) queued with the payment provider, %3 ticket(s) revoked, "
           "%4 buyer(s) mailed.</p>")
            .arg(event.value(u"title").toString().toHtmlEscaped())
            .arg(result.value(u"refunds_queued").toInt())
            .arg(result.value(u"tickets_revoked").toInt())
            .arg(result.value(u"fans_mailed").toInt()),
        this);
    summary->setObjectName(QStringLiteral("cancelSummary"));
    summary->setWordWrap(true);
    const QJsonArray orders = result.value(u"counter_orders").toArray();
    auto *caption = new QLabel(orders.isEmpty()
                                   ? tr("No counter orders to pay back.")
                                   : tr("Pay these counter orders back at the counter:"),
                               this);
    m_orders->setObjectName(QStringLiteral("counterOrdersToRefund"));
    m_orders->setAccessibleName(tr("Counter orders to pay back"));
    m_orders->setColumnCount(4);
    m_orders->setHorizontalHeaderLabels({tr("Order"), tr("Amount"), tr("Name"), tr("E-mail")});
    m_orders->verticalHeader()->hide();
    m_orders->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_orders->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_orders->horizontalHeader()->setStretchLastSection(true);
    for (const QJsonValue &value : orders) {
        const QJsonObject order = value.toObject();
        const int row = m_orders->rowCount();
        m_orders->insertRow(row);
        m_orders->setItem(row, 0, new QTableWidgetItem(order.value(u"order_id").toString()));
        auto *amount = new QTableWidgetItem(
            formatMoney(order.value(u"amount_cents").toInteger(), currency));
        amount->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_orders->setItem(row, 1, amount);
        m_orders->setItem(row, 2, new QTableWidgetItem(order.value(u"name").toString()));
        m_orders->setItem(row, 3, new QTableWidgetItem(order.value(u"email").toString()));
    }
    m_orders->resizeColumnsToContents();
    m_orders->setVisible(!orders.isEmpty());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(caption);
    layout->addWidget(m_orders, 1);
    if (orders.isEmpty())
        layout->addStretch(1);
    layout->addWidget(buttons);
}

} // namespace boxoffice::app
