// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbackcounts.h"

#include <QHeaderView>

namespace boxoffice::app {

namespace {
constexpr int kKindRole = Qt::UserRole;
constexpr int kAllocationRole = Qt::UserRole + 1;
} // namespace

HoldbackCounts::HoldbackCounts(QWidget *parent)
    : QTableWidget(0, 3, parent)
{
    setObjectName(QStringLiteral("holdbackCounts"));
    setSelectionBehavior(SelectRows);
    setSelectionMode(SingleSelection);
    setEditTriggers(NoEditTriggers);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(Kind, QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(Seats, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(CounterSale, QHeaderView::ResizeToContents);
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling || item->column() != CounterSale)
            return;
        Q_EMIT counterSaleToggled(item->data(kAllocationRole).toString(),
                                  item->checkState() == Qt::Checked);
    });
    retranslate();
}

void HoldbackCounts::retranslate()
{
    setHorizontalHeaderLabels({tr("Held back as"), tr("Seats"), tr("Counter may sell")});
    setAccessibleName(tr("Seats held back, by kind and allocation"));
    setList(m_list);
}

void HoldbackCounts::setList(const HoldbackList &list)
{
    const auto [kind, allocation] = currentKind();
    m_list = list;
    m_filling = true;
    setRowCount(0);
    addLine(QStringLiteral("kill"), {}, list.count(QStringLiteral("kill")), -1);
    addLine(QStringLiteral("house"), {}, list.count(QStringLiteral("house")), -1);
    for (const HoldbackList::Allocation &a : list.allocations)
        addLine(QStringLiteral("allocation"),
                a.name,
                list.count(QStringLiteral("allocation"), a.name),
                a.counterSale ? 1 : 0);
    m_filling = false;
    if (const int row = rowOf(kind, allocation); row >= 0)
        setCurrentCell(row, Kind);
}

void HoldbackCounts::addLine(const QString &kind,
                             const QString &allocation,
                             int seats,
                             int counterSale)
{
    const int row = rowCount();
    insertRow(row);
    const QString name = kind == u"kill"    ? tr("Kills (never sold)")
                         : kind == u"house" ? tr("House seats")
                                            : tr("Allocation “%1”").arg(allocation);
    auto *label = new QTableWidgetItem(name);
    label->setData(kKindRole, kind);
    label->setData(kAllocationRole, allocation);
    label->setData(Qt::DecorationRole, HoldbackColours::of(kind));
    setItem(row, Kind, label);
    auto *count = new QTableWidgetItem(QString::number(seats));
    count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    count->setData(kKindRole, kind);
    count->setData(kAllocationRole, allocation);
    setItem(row, Seats, count);
    auto *check = new QTableWidgetItem;
    check->setData(kKindRole, kind);
    check->setData(kAllocationRole, allocation);
    if (counterSale >= 0) {
        check->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        check->setCheckState(counterSale ? Qt::Checked : Qt::Unchecked);
        check->setToolTip(tr("A clerk may sell this allocation's seats at the counter"));
    } else {
        check->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    }
    setItem(row, CounterSale, check);
}

QPair<QString, QString> HoldbackCounts::currentKind() const
{
    const QTableWidgetItem *current = item(currentRow(), Kind);
    if (!current)
        return {};
    return {current->data(kKindRole).toString(), current->data(kAllocationRole).toString()};
}

int HoldbackCounts::rowOf(const QString &kind, const QString &allocation) const
{
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, Kind)->data(kKindRole).toString() == kind
            && item(row, Kind)->data(kAllocationRole).toString() == allocation)
            return row;
    return -1;
}

} // namespace boxoffice::app
