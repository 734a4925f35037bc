// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seatcolours.h"

#include <core/category.h>

#include <QWidget>

namespace boxoffice::seatmap {

/// A legend: colour swatches with labels (categories, or seat statuses in the box office).
class LegendWidget : public QWidget
{
    Q_OBJECT
public:
    struct Entry
    {
        QColor colour;
        QString label;
        SeatMark mark = SeatMark::None; ///< none: the mark registered for the colour, if any
    };

    explicit LegendWidget(QWidget *parent = nullptr);

    void setEntries(const QList<Entry> &entries);
    /// One entry per category.
    void setCategories(const QList<core::Category> &categories);
    QList<Entry> entries() const { return m_entries; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int entryWidth(const Entry &entry) const;
    int lineHeight() const;
    /// Where each entry starts (its top left) when the legend is `width` wide.
    QList<QPoint> positions(int width) const;

    QList<Entry> m_entries;
};

} // namespace boxoffice::seatmap
