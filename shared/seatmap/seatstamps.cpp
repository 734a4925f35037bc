// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatstamps.h"

#include "levelofdetail.h"
#include "seatcolours.h"

#include <QPainter>

#include <cmath>

namespace boxoffice::seatmap {

namespace {

constexpr qsizetype kMaxStamps = 512; // a few zoom levels' worth; then start over
constexpr qsizetype kMaxTexts = 4096;

} // namespace

const QImage &SeatStamps::stamp(QRgb fill, bool selected, double radius, qreal dpr)
{
    const quint64 key = (quint64(fill) << 32) | (quint64(selected) << 31)
                        | (quint64(std::lround(dpr * 16) & 0xff) << 20)
                        | quint64(std::lround(radius * 8) & 0xfffff);
    auto it = m_stamps.constFind(key);
    if (it != m_stamps.cend())
        return *it;
    if (m_stamps.size() >= kMaxStamps)
        m_stamps.clear();
    ++m_rendered;
    return *m_stamps.insert(key, render(fill, selected, radius, dpr));
}

QImage SeatStamps::render(QRgb fill, bool selected, double radius, qreal dpr) const
{
    const bool outline = radius >= levelofdetail::kOutlineFrom;
    const double ring = outline ? (selected ? 3.0 : 1.0) : 0.0;
    // Odd size: the centre of the middle pixel is the seat's centre.
    const int size = 2 * int(std::ceil((radius + ring / 2) * dpr)) + 1;
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        const QPointF centre(size / 2.0, size / 2.0);
        const double r = radius * dpr;
        if (!outline) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(selected ? selectionColour() : QColor::fromRgb(fill));
        } else {
            painter.setPen(selected ? QPen(selectionColour(), ring * dpr)
                                    : QPen(QColor(0, 0, 0, 90), ring * dpr));
            painter.setBrush(QColor::fromRgb(fill));
        }
        painter.drawEllipse(centre, r, r);
        if (r >= 2.5) // smaller than that a mark is noise
            SeatColours::paintMark(painter, centre, r, SeatColours::mark(fill));
    }
    image.setDevicePixelRatio(dpr);
    return image;
}

QPoint SeatStamps::topLeft(const QImage &stamp, QPointF centre)
{
    const double half = stamp.width() / stamp.devicePixelRatio() / 2.0;
    return QPoint(int(std::floor(centre.x() - half + 0.5)),
                  int(std::floor(centre.y() - half + 0.5)));
}

const QStaticText &SeatStamps::text(const QString &text, const QFont &font)
{
    if (m_textCount >= kMaxTexts) {
        m_texts.clear();
        m_textCount = 0;
        m_lastTexts = nullptr;
    }
    if (!m_lastTexts || font != m_lastFont) {
        m_lastFont = font;
        m_lastTexts = &m_texts[font.key()];
    }
    QHash<QString, QStaticText> &texts = *m_lastTexts;
    auto it = texts.constFind(text);
    if (it != texts.cend())
        return *it;
    ++m_textCount;
    QStaticText laidOut(text);
    laidOut.setTextFormat(Qt::PlainText);
    laidOut.setPerformanceHint(QStaticText::AggressiveCaching);
    laidOut.prepare(QTransform(), font);
    return *texts.insert(text, laidOut);
}

} // namespace boxoffice::seatmap
