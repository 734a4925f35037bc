// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "salesfigures.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace boxoffice::app {

/// One stacked bar per price category: sold, comps, held, held back and available places, so
/// that every bar is the category's capacity.
class CategoryChart : public QChartView
{
    Q_OBJECT
public:
    enum Part { Sold, Comps, Held, HeldBack, Available, PartCount };

    explicit CategoryChart(QWidget *parent = nullptr);

    void show(const SalesFigures &figures);
    /// The bar set of `part`: one value per category, in the order of categories() (the first
    /// of `by_category` last, so that it is drawn on top).
    QBarSet *set(Part part) const { return m_sets[part]; }
    QStringList categories() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QHorizontalStackedBarSeries *m_series;
    QBarSet *m_sets[PartCount];
    QBarCategoryAxis *m_axis;
    QValueAxis *m_values;
    SalesFigures m_figures;
};

} // namespace boxoffice::app
