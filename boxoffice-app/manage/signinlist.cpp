// SPDX-License-Identifier: GPL-3.0-or-later
#include "signinlist.h"

#include "staffwords.h"

#include <QEvent>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>

namespace boxoffice::app {

SignInList::SignInList(QWidget *parent)
    : QTableWidget(0, 3, parent)
{
    setObjectName(QStringLiteral("signInTable"));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setTabKeyNavigation(false);
    setStyleSheet(QStringLiteral("QTableWidget { font-size: 11pt; }"));
    verticalHeader()->hide();
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setStretchLastSection(true);
    retranslate();
}

void SignInList::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QTableWidget::changeEvent(event);
}

void SignInList::retranslate()
{
    setAccessibleName(tr("Latest sign-ins"));
    setHorizontalHeaderLabels({tr("Who"), tr("When"), tr("From")});
}

void SignInList::showSignIns(const QJsonArray &items)
{
    setRowCount(int(items.size()));
    for (int row = 0; row < items.size(); ++row) {
        const QJsonObject item = items[row].toObject();
        const QStringList cells{item.value(u"username").toString(),
                                StaffWords::localTime(item.value(u"at").toString()),
                                item.value(u"address").toString()};
        for (int column = 0; column < cells.size(); ++column)
            setItem(row, column, new QTableWidgetItem(cells[column]));
    }
    // As wide as their contents, the address taking the rest.
    horizontalHeader()->setSectionResizeMode(2, QHeaderView::Interactive);
    resizeColumnsToContents();
    horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
}

} // namespace boxoffice::app
