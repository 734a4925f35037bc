// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketpdf.h"

#include "pdfdocument.h"
#include "qrmatrix.h"

namespace boxoffice::core {

namespace {

using PdfDocument::number;

constexpr double kWidth = 297.64; // A6 in points
constexpr double kHeight = 419.53;
constexpr double kMargin = 22.0;

// Lines of at most `chars` characters, broken at spaces (Helvetica averages ~0.5 em a letter).
QStringList wrap(const QString &text, int chars, int maxLines)
{
    QStringList lines;
    QString line;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (!line.isEmpty() && line.size() + 1 + word.size() > chars) {
            lines.append(line);
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    if (!line.isEmpty())
        lines.append(line);
    if (lines.size() > maxLines) {
        lines = lines.mid(0, maxLines);
        lines.last() = lines.last().left(chars - 1) + QStringLiteral("...");
    }
    return lines;
}

class Content
{
public:
    void text(double x, double y, bool bold, double size, const QString &value, const char *rgb)
    {
        m_out += PdfDocument::text(x, y, bold, size, value, rgb);
    }
    void frame(double x, double y, double w, double h)
    {
        m_out += "0.12 0.23 0.37 RG 1.2 w " + number(x) + ' ' + number(y) + ' ' + number(w) + ' '
                 + number(h) + " re S\n";
    }
    // Dark modules as filled squares, runs of a row merged; (x, top) is the quiet zone's corner.
    void qr(const QrMatrix &code, double x, double top, double module)
    {
        m_out += "0 0 0 rg\n";
        const double origin = x + 4 * module;
        for (int row = 0; row < code.size(); ++row) {
            const double y = top - (4 + row + 1) * module;
            for (int col = 0; col < code.size();) {
                if (!code.isDark(col, row)) {
                    ++col;
                    continue;
                }
                int end = col;
                while (end < code.size() && code.isDark(end, row))
                    ++end;
                m_out += number(origin + col * module) + ' ' + number(y) + ' '
                         + number((end - col) * module) + ' ' + number(module) + " re\n";
                col = end;
            }
        }
        m_out += "f\n";
    }
    const QByteArray &bytes() const { return m_out; }

private:
    QByteArray m_out;
};

QByteArray pageContent(const TicketPage &page)
{
    Content c;
    const char *ink = "0 0 0";
    const char *blue = "0.12 0.23 0.37";
    const char *grey = "0.33 0.33 0.33";
    c.frame(kMargin / 2, kMargin / 2, kWidth - kMargin, kHeight - kMargin);
    double y = kHeight - kMargin - 14;
    c.text(kMargin, y, true, 9, page.heading, blue);
    y -= 20;
    for (const QString &line : wrap(page.title, 26, 2)) {
        c.text(kMargin, y, true, 16, line, ink);
        y -= 19;
    }
    for (const QString &line : wrap(page.venue, 44, 2)) {
        c.text(kMargin, y, false, 10, line, ink);
        y -= 13;
    }
    c.text(kMargin, y, false, 10, page.when, ink);
    y -= 22;
    for (const QString &line : wrap(page.place, 34, 2)) {
        c.text(kMargin, y, true, 12, line, ink);
        y -= 15;
    }
    c.text(kMargin, y, false, 11, page.price, ink);
    y -= 16;
    c.text(kMargin, y, false, 7, page.footer, grey);
    y -= 10;
    c.text(kMargin, y, false, 7, page.footer2, grey);
    y -= 8;
    const QrMatrix code = QrMatrix::encode(page.code);
    if (!code.isEmpty()) {
        // As large as fits below the texts, quiet zone included.
        const double side = qMin(kWidth - 2 * kMargin, y - kMargin);
        const double module = side / (code.size() + 8);
        c.qr(code, (kWidth - module * (code.size() + 8)) / 2, y, module);
    }
    return c.bytes();
}

} // namespace

QByteArray TicketPdf::write(const QList<TicketPage> &pages)
{
    QList<QByteArray> contents;
    for (const TicketPage &page : pages)
        contents.append(pageContent(page));
    return PdfDocument::write(contents, kWidth, kHeight);
}

} // namespace boxoffice::core
