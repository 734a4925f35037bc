// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QChartView>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QValueAxis;

namespace boxoffice::app {

/// One bar per channel or price category: the money it took in, as the report's lines say.
/// The keyboard reads the same figures in the tables beside it.
class RevenueChart : public QChartView
{
    Q_OBJECT
public:
    struct Bar
    {
        QString name;
        qint64 cents = 0;
    };

    explicit RevenueChart(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    void show(const QList<Bar> &bars, const QString &currency);
    QStringList names() const;
    /// The bar of `name` in the currency's units (cents / 100), or -1 when there is none.
    qreal value(const QString &name) const;

private:
    QBarSeries *m_series;
    QBarSet *m_set;
    QBarCategoryAxis *m_axis;
    QValueAxis *m_values;
};

} // namespace boxoffice::app
