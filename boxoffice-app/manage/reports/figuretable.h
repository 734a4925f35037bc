// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableWidget>

namespace boxoffice::app {

/// A read-only table of report figures: one row per line, numbers right-aligned, Tab leaves it
/// (arrows move inside), its accessible name the caption above it.
class FigureTable : public QTableWidget
{
    Q_OBJECT
public:
    FigureTable(const QString &objectName, QWidget *parent = nullptr);

    /// Replaces the rows; each row's cells are texts, those in `numberColumns` right-aligned.
    void setRows(const QList<QStringList> &rows, const QList<int> &numberColumns);
    void setHeaders(const QStringList &headers);
    /// The text of a cell, empty when there is none.
    QString text(int row, int column) const;
};

} // namespace boxoffice::app
