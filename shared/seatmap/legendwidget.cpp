// SPDX-License-Identifier: GPL-3.0-or-later
#include "legendwidget.h"

#include "seatcolours.h"

#include <QPainter>

namespace boxoffice::seatmap {

namespace {
constexpr int kSwatch = 12;
constexpr int kGap = 6;
constexpr int kSpacing = 16;
} // namespace

LegendWidget::LegendWidget(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LegendWidget::setEntries(const QList<Entry> &entries)
{
    m_entries = entries;
    updateGeometry();
    update();
}

void LegendWidget::setCategories(const QList<core::Category> &categories)
{
    QList<Entry> entries;
    for (const core::Category &category : categories)
        entries.append({category.colour, category.name.isEmpty() ? category.id : category.name});
    setEntries(entries);
}

int LegendWidget::entryWidth(const Entry &entry) const
{
    return kSwatch + kGap + fontMetrics().horizontalAdvance(entry.label) + kSpacing;
}

int LegendWidget::lineHeight() const
{
    return qMax(kSwatch, fontMetrics().height()) + kGap;
}

QList<QPoint> LegendWidget::positions(int width) const
{
    // Entries flow left to right and wrap, so a narrow window still shows every one.
    QList<QPoint> out;
    int x = kGap;
    int y = kGap / 2;
    for (const Entry &entry : m_entries) {
        if (x > kGap && x + entryWidth(entry) - kSpacing > width) {
            x = kGap;
            y += lineHeight();
        }
        out.append(QPoint(x, y));
        x += entryWidth(entry);
    }
    return out;
}

QSize LegendWidget::sizeHint() const
{
    int width = kGap;
    for (const Entry &entry : m_entries)
        width += entryWidth(entry);
    return {width, lineHeight() + kGap};
}

QSize LegendWidget::minimumSizeHint() const
{
    return {kGap * 2 + kSwatch, lineHeight() + kGap};
}

bool LegendWidget::hasHeightForWidth() const
{
    return true;
}

int LegendWidget::heightForWidth(int width) const
{
    const QList<QPoint> at = positions(width);
    return (at.isEmpty() ? 0 : at.last().y()) + lineHeight() + kGap / 2;
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QList<QPoint> at = positions(width());
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        const Entry &entry = m_entries.at(i);
        const int x = at.at(i).x();
        const int centreY = at.at(i).y() + lineHeight() / 2;
        painter.setPen(QColor(0, 0, 0, 80));
        painter.setBrush(entry.colour);
        painter.drawEllipse(QRect(x, centreY - kSwatch / 2, kSwatch, kSwatch));
        SeatColours::paintMark(painter,
                               QPointF(x + kSwatch / 2.0, centreY),
                               kSwatch / 2.0,
                               entry.mark != SeatMark::None
                                   ? entry.mark
                                   : SeatColours::mark(entry.colour.rgb()));
        painter.setPen(palette().color(QPalette::WindowText));
        const int textWidth = fontMetrics().horizontalAdvance(entry.label);
        painter.drawText(QRect(x + kSwatch + kGap, at.at(i).y(), textWidth + 2, lineHeight()),
                         Qt::AlignVCenter,
                         entry.label);
    }
}

} // namespace boxoffice::seatmap
