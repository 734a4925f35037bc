// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QTableWidget>

namespace boxoffice::app {

/// An event's price categories as an editable table: name, colour (#rrggbb, with a swatch) and
/// price in the event's currency. The category ids (the venue's) stay as they are.
class PriceTable : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { Name, Colour, Price, ColumnCount };

    explicit PriceTable(QWidget *parent = nullptr);

    /// `[{"id","name","color","price_cents"}]`.
    void setCategories(const QJsonArray &categories);
    /// The table as `[{"id","name","color","price_cents"}]`; false in `ok` when a price is not a
    /// number (the server judges the rest).
    QJsonArray categories(bool *ok = nullptr) const;
    /// The row of category `id`, or -1 (for tests and the map later).
    int rowOf(const QString &id) const;
    void retranslate();

private:
    void paintSwatch(QTableWidgetItem *item);
};

} // namespace boxoffice::app
