// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace boxoffice::core {

/// The parts of a hand-written PDF that ticket and statement PDFs share: pages of content
/// streams on one page size, with Helvetica (/F1) and Helvetica-Bold (/F2) in WinAnsiEncoding.
/// No fonts, GUI or painter needed, so a headless server can write them.
namespace PdfDocument {

/// A number as content streams write it (two decimals).
QByteArray number(double value);
/// A string literal in WinAnsiEncoding; characters outside Latin-1 (and the euro sign) show as '?'.
QByteArray literal(const QString &text);
/// Text at (x, y) in points, `size` points, regular or bold, filled with `rgb` ("0 0 0").
QByteArray text(double x, double y, bool bold, double size, const QString &value, const char *rgb);
/// The whole file: one page of `width` x `height` points per content stream (compressed).
QByteArray write(const QList<QByteArray> &pageContents, double width, double height);

} // namespace PdfDocument

} // namespace boxoffice::core
