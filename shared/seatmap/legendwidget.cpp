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
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
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

QSize LegendWidget::sizeHint() const
{
    int width = kGap;
    for (const Entry &entry : m_entries)
        width += kSwatch + kGap + fontMetrics().horizontalAdvance(entry.label) + kSpacing;
    return {width, qMax(kSwatch, fontMetrics().height()) + 2 * kGap};
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    int x = kGap;
    const int centreY = height() / 2;
    for (const Entry &entry : std::as_const(m_entries)) {
        painter.setPen(QColor(0, 0, 0, 80));
        painter.setBrush(entry.colour);
        painter.drawEllipse(QRect(x, centreY - kSwatch / 2, kSwatch, kSwatch));
        SeatColours::paintMark(painter,
                               QPointF(x + kSwatch / 2.0, centreY),
                               kSwatch / 2.0,
                               entry.mark != SeatMark::None
                                   ? entry.mark
                                   : SeatColours::mark(entry.colour.rgb()));
        x += kSwatch + kGap;
        painter.setPen(palette().color(QPalette::WindowText));
        const int textWidth = fontMetrics().horizontalAdvance(entry.label);
        painter.drawText(QRect(x, 0, textWidth + 2, height()), Qt::AlignVCenter, entry.label);
        x += textWidth + kSpacing;
    }
}

} // namespace boxoffice::seatmap
