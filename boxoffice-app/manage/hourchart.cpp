// SPDX-License-Identifier: GPL-3.0-or-later
#include "hourchart.h"

#include "venuetime.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QEvent>
#include <QLegend>
#include <QStackedBarSeries>
#include <QValueAxis>

namespace boxoffice::app {

HourChart::HourChart(QWidget *parent)
    : QChartView(parent)
    , m_series(new QStackedBarSeries)
    , m_online(new QBarSet(QString()))
    , m_counter(new QBarSet(QString()))
    , m_axis(new QBarCategoryAxis)
    , m_values(new QValueAxis)
{
    setObjectName(QStringLiteral("hourChart"));
    setRenderHint(QPainter::Antialiasing);
    setFocusPolicy(Qt::NoFocus); // the table beside it holds the same numbers
    m_online->setColor(QColor(QStringLiteral("#2e7d32")));
    m_counter->setColor(QColor(QStringLiteral("#1f3a5f")));
    m_series->append(m_online);
    m_series->append(m_counter);
    auto *chart = new QChart;
    chart->addSeries(m_series);
    chart->addAxis(m_axis, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_axis);
    m_series->attachAxis(m_values);
    m_values->setLabelFormat(QStringLiteral("%d"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    setChart(chart);
    retranslate();
}

void HourChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QChartView::changeEvent(event);
}

void HourChart::retranslate()
{
    m_online->setLabel(tr("Online"));
    m_counter->setLabel(tr("Counter"));
    chart()->setTitle(tr("Places sold per hour"));
    setAccessibleName(tr("Chart: places sold per hour, online and at the counter"));
    setAccessibleDescription(tr("The same figures are in the table beside it."));
}

QStringList HourChart::hours() const
{
    return m_axis->categories();
}

void HourChart::show(const SalesFigures &figures, const QString &zone)
{
    const qsizetype first = std::max<qsizetype>(0, figures.hours.size() - kHours);
    QStringList labels;
    QList<qreal> online, counter;
    qint64 largest = 0;
    for (qsizetype i = first; i < figures.hours.size(); ++i) {
        const HourFigures &hour = figures.hours[i];
        const QDateTime local = VenueTime::toEdit(hour.hour, zone);
        // A day's first bar (or the first one shown) names the day, the others only the hour.
        const QString hourOnly = local.toString(QStringLiteral("HH:00"));
        const bool newDay = labels.isEmpty()
                            || VenueTime::toEdit(figures.hours[i - 1].hour, zone).date()
                                   != local.date();
        // Labels must differ: the same hour of another day carries its date.
        labels.append(newDay || labels.contains(hourOnly)
                          ? QLocale().toString(local, QStringLiteral("d MMM HH:00"))
                          : hourOnly);
        online.append(qreal(hour.online));
        counter.append(qreal(hour.counter));
        largest = std::max(largest, hour.online + hour.counter);
    }
    m_online->remove(0, m_online->count());
    m_online->append(online);
    m_counter->remove(0, m_counter->count());
    m_counter->append(counter);
    if (labels != m_axis->categories()) {
        m_axis->clear();
        m_axis->append(labels);
    }
    m_axis->setLabelsAngle(labels.size() > 8 ? -90 : 0);
    m_values->setRange(0, qreal(std::max<qint64>(largest, 1)));
    m_values->applyNiceNumbers();
}

} // namespace boxoffice::app
