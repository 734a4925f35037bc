// SPDX-License-Identifier: GPL-3.0-or-later
#include "revenuechart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QLegend>
#include <QValueAxis>

namespace boxoffice::app {

RevenueChart::RevenueChart(QWidget *parent)
    : QChartView(parent)
    , m_series(new QBarSeries)
    , m_set(new QBarSet(QString()))
    , m_axis(new QBarCategoryAxis)
    , m_values(new QValueAxis)
{
    setRenderHint(QPainter::Antialiasing);
    setFocusPolicy(Qt::NoFocus); // the tables hold the same figures for the keyboard
    m_set->setColor(QColor(0x1f, 0x3a, 0x5f));
    m_series->append(m_set);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    m_set->setLabelColor(Qt::white);
    auto *chart = new QChart;
    chart->addSeries(m_series);
    chart->addAxis(m_axis, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_axis);
    m_series->attachAxis(m_values);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    setChart(chart);
}

void RevenueChart::setTitle(const QString &title)
{
    chart()->setTitle(title);
}

void RevenueChart::show(const QList<Bar> &bars, const QString &currency)
{
    QStringList names;
    QList<qreal> values;
    qreal low = 0, high = 0;
    for (const Bar &bar : bars) {
        names.append(bar.name);
        values.append(qreal(bar.cents) / 100.0);
        low = std::min(low, values.last());
        high = std::max(high, values.last());
    }
    m_set->remove(0, m_set->count());
    m_set->append(values);
    m_axis->clear();
    m_axis->append(names);
    m_values->setRange(low, std::max<qreal>(high, 1));
    m_values->applyNiceNumbers();
    m_values->setTitleText(currency);
    m_series->setLabelsFormat(QStringLiteral("@value"));
}

QStringList RevenueChart::names() const
{
    return m_axis->categories();
}

qreal RevenueChart::value(const QString &name) const
{
    const qsizetype at = m_axis->categories().indexOf(name);
    return at < 0 || at >= m_set->count() ? -1 : m_set->at(at);
}

} // namespace boxoffice::app
