// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "salesfigures.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSet;
class QStackedBarSeries;
class QValueAxis;

namespace boxoffice::app {

/// Places sold per hour (the venue's clock), online and at the counter stacked: the last
/// `kHours` hours with sales of `per_hour`.
class HourChart : public QChartView
{
    Q_OBJECT
public:
    static constexpr int kHours = 24;

    explicit HourChart(QWidget *parent = nullptr);

    /// `zone`: the venue's IANA time zone (empty: UTC).
    void show(const SalesFigures &figures, const QString &zone);
    QBarSet *online() const { return m_online; }
    QBarSet *counter() const { return m_counter; }
    QStringList hours() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QStackedBarSeries *m_series;
    QBarSet *m_online;
    QBarSet *m_counter;
    QBarCategoryAxis *m_axis;
    QValueAxis *m_values;
};

} // namespace boxoffice::app
