// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricetable.h"

#include <QHeaderView>
#include <QJsonObject>
#include <QLocale>
#include <QPixmap>

namespace boxoffice::app {

namespace {
constexpr int kIdRole = Qt::UserRole;

QString priceText(qint64 cents)
{
    return QStringLiteral("%1.%2").arg(cents / 100).arg(cents % 100, 2, 10, QLatin1Char('0'));
}

/// "12.50", "12,50", "12" -> cents; -2 when it is no number at all.
qint64 parsePrice(QString text)
{
    text = text.trimmed().replace(u',', u'.');
    bool ok = false;
    const double value = text.toDouble(&ok);
    return ok ? qRound64(value * 100) : -2;
}
} // namespace

PriceTable::PriceTable(QWidget *parent)
    : QTableWidget(0, ColumnCount, parent)
{
    setObjectName(QStringLiteral("priceTable"));
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(Colour, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(Price, QHeaderView::ResizeToContents);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                    | QAbstractItemView::AnyKeyPressed);
    setTabKeyNavigation(false); // Tab leaves the table, as in the rest of the form
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == Colour)
            paintSwatch(item);
    });
    retranslate();
}

void PriceTable::retranslate()
{
    setHorizontalHeaderLabels({tr("Category"), tr("Colour"), tr("Price")});
    setAccessibleName(tr("Price categories"));
    setToolTip(tr("Type to change a category's name, colour (#rrggbb) or price. A new price "
                  "applies to sales from now on; tickets sold keep theirs."));
}

void PriceTable::setCategories(const QJsonArray &categories)
{
    const QSignalBlocker blocker(this);
    setRowCount(0);
    for (const QJsonValue &value : categories) {
        const QJsonObject c = value.toObject();
        const int row = rowCount();
        insertRow(row);
        auto *name = new QTableWidgetItem(c.value(u"name").toString());
        name->setData(kIdRole, c.value(u"id").toString());
        setItem(row, Name, name);
        auto *colour = new QTableWidgetItem(c.value(u"color").toString());
        setItem(row, Colour, colour);
        paintSwatch(colour);
        auto *price = new QTableWidgetItem(priceText(c.value(u"price_cents").toInteger()));
        price->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, Price, price);
    }
}

QJsonArray PriceTable::categories(bool *ok) const
{
    QJsonArray out;
    bool allNumbers = true;
    for (int row = 0; row < rowCount(); ++row) {
        const qint64 cents = parsePrice(item(row, Price)->text());
        allNumbers = allNumbers && cents != -2;
        out.append(QJsonObject{{QStringLiteral("id"), item(row, Name)->data(kIdRole).toString()},
                               {QStringLiteral("name"), item(row, Name)->text().trimmed()},
                               {QStringLiteral("color"), item(row, Colour)->text().trimmed()},
                               {QStringLiteral("price_cents"), cents}});
    }
    if (ok)
        *ok = allNumbers;
    return out;
}

int PriceTable::rowOf(const QString &id) const
{
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, Name)->data(kIdRole).toString() == id)
            return row;
    return -1;
}

void PriceTable::paintSwatch(QTableWidgetItem *item)
{
    const QColor colour(item->text().trimmed());
    QPixmap swatch(14, 14);
    swatch.fill(colour.isValid() ? colour : QColor(Qt::transparent));
    const QSignalBlocker blocker(this);
    item->setData(Qt::DecorationRole, swatch);
}

} // namespace boxoffice::app
