// SPDX-License-Identifier: GPL-3.0-or-later
#include "categorychart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QEvent>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QValueAxis>

namespace boxoffice::app {

namespace {
// Sold dark, free light; held amber as on the sale page's map, held back grey.
const char *const kColours[] = {"#1f3a5f", "#5c7fa8", "#f0a030", "#9e9e9e", "#c8e6c9"};
} // namespace

CategoryChart::CategoryChart(QWidget *parent)
    : QChartView(parent)
    , m_series(new QHorizontalStackedBarSeries)
    , m_axis(new QBarCategoryAxis)
    , m_values(new QValueAxis)
{
    setObjectName(QStringLiteral("categoryChart"));
    setRenderHint(QPainter::Antialiasing);
    setFocusPolicy(Qt::NoFocus); // the table below holds the same numbers for the keyboard
    for (int part = 0; part < PartCount; ++part) {
        m_sets[part] = new QBarSet(QString());
        m_sets[part]->setColor(QColor(QString::fromLatin1(kColours[part])));
        m_sets[part]->setBorderColor(Qt::white);
        m_series->append(m_sets[part]);
    }
    auto *chart = new QChart;
    chart->addSeries(m_series);
    chart->addAxis(m_axis, Qt::AlignLeft);
    chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_axis);
    m_series->attachAxis(m_values);
    m_values->setLabelFormat(QStringLiteral("%d"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation); // a refresh a second must not wobble
    setChart(chart);
    retranslate();
}

void CategoryChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QChartView::changeEvent(event);
}

void CategoryChart::retranslate()
{
    m_sets[Sold]->setLabel(tr("Sold"));
    m_sets[Comps]->setLabel(tr("Comps"));
    m_sets[Held]->setLabel(tr("Held"));
    m_sets[HeldBack]->setLabel(tr("Held back"));
    m_sets[Available]->setLabel(tr("Available"));
    chart()->setTitle(tr("Places by price category"));
    setAccessibleName(tr("Chart: places by price category"));
    setAccessibleDescription(tr("The same figures are in the table below."));
}

QStringList CategoryChart::categories() const
{
    return m_axis->categories();
}

void CategoryChart::show(const SalesFigures &figures)
{
    m_figures = figures;
    QStringList names;
    qint64 largest = 0;
    QList<qreal> values[PartCount];
    // The first category on top: a horizontal chart draws its first category at the bottom.
    for (auto it = figures.categories.crbegin(); it != figures.categories.crend(); ++it) {
        names.append(it->name.isEmpty() ? it->id : it->name);
        values[Sold].append(qreal(it->sold));
        values[Comps].append(qreal(it->comps));
        values[Held].append(qreal(it->held));
        values[HeldBack].append(qreal(it->heldBack));
        values[Available].append(qreal(it->available));
        largest = std::max(largest, it->capacity);
    }
    for (int part = 0; part < PartCount; ++part) {
        m_sets[part]->remove(0, m_sets[part]->count());
        m_sets[part]->append(values[part]);
    }
    if (names != m_axis->categories()) {
        m_axis->clear();
        m_axis->append(names);
    }
    m_values->setRange(0, qreal(std::max<qint64>(largest, 1)));
    m_values->applyNiceNumbers();
}

} // namespace boxoffice::app
