// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QHash>
#include <QImage>
#include <QStaticText>

#include <map>

namespace boxoffice::seatmap {

/// Pre-rendered seat images ("stamps") and laid-out seat numbers, shared by every section of a
/// scene. A stamp is rendered at the exact screen size of a seat (quantised to 1/8 pixel) and
/// blitted unscaled, so thousands of seats cost one image copy each instead of an antialiased
/// ellipse, and nothing is ever a scaled (blurry) bitmap.
class SeatStamps
{
public:
    /// The orange of selected seats and outlines.
    static QColor selectionColour() { return QColor(0xff, 0x8f, 0x00); }

    /// The stamp of a seat of `radius` pixels (see levelofdetail::stampRadius()) filled with
    /// `fill`, ringed in orange when `selected`; `dpr` is the device pixel ratio.
    const QImage &stamp(QRgb fill, bool selected, double radius, qreal dpr);
    /// Where to blit a stamp so that its centre lands on `centre` (device-independent pixels).
    static QPoint topLeft(const QImage &stamp, QPointF centre);

    /// A seat number or row label laid out in `font` (cached per font and text).
    const QStaticText &text(const QString &text, const QFont &font);

    /// Number of stamps rendered so far (the cache works if this stays flat while panning).
    int renderedStamps() const { return m_rendered; }

private:
    QImage render(QRgb fill, bool selected, double radius, qreal dpr) const;

    QHash<quint64, QImage> m_stamps;
    std::map<QString, QHash<QString, QStaticText>> m_texts; ///< by QFont::key(), then text
    qsizetype m_textCount = 0;
    QFont m_lastFont; ///< the last font asked for, and its texts (map nodes never move)
    QHash<QString, QStaticText> *m_lastTexts = nullptr;
    int m_rendered = 0;
};

} // namespace boxoffice::seatmap
