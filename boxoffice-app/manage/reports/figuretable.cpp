// SPDX-License-Identifier: GPL-3.0-or-later
#include "figuretable.h"

#include <QHeaderView>

namespace boxoffice::app {

FigureTable::FigureTable(const QString &objectName, QWidget *parent)
    : QTableWidget(parent)
{
    setObjectName(objectName);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setTabKeyNavigation(false);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    // Compact rows: a report's tables sit one above the other in a scrolled page.
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
}

void FigureTable::setHeaders(const QStringList &headers)
{
    setColumnCount(int(headers.size()));
    setHorizontalHeaderLabels(headers);
}

void FigureTable::setRows(const QList<QStringList> &rows, const QList<int> &numberColumns)
{
    setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < columnCount(); ++c) {
            auto *item = new QTableWidgetItem(rows[r].value(c));
            if (numberColumns.contains(c))
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(r, c, item);
        }
    }
}

QString FigureTable::text(int row, int column) const
{
    const QTableWidgetItem *cell = item(row, column);
    return cell ? cell->text() : QString();
}

} // namespace boxoffice::app
