// SPDX-License-Identifier: GPL-3.0-or-later
#include "statementpdf.h"

#include "pdfdocument.h"

#include <QLocale>

namespace boxoffice::core {

namespace {

constexpr double kWidth = 595.28; // A4 in points
constexpr double kHeight = 841.89;
constexpr double kMargin = 56.0;
constexpr double kLine = 18.0;
const char *const kInk = "0 0 0";
const char *const kBlue = "0.12 0.23 0.37";
const char *const kGrey = "0.33 0.33 0.33";

// Helvetica digits are 0.556 em wide; right-aligning amounts by that keeps columns straight
// (amounts are digits, separators and a currency code).
double widthOf(const QString &text, double size)
{
    return text.size() * 0.556 * size;
}

QByteArray rule(double y)
{
    return "0.12 0.23 0.37 RG 0.8 w " + PdfDocument::number(kMargin) + ' ' + PdfDocument::number(y)
           + " m " + PdfDocument::number(kWidth - kMargin) + ' ' + PdfDocument::number(y)
           + " l S\n";
}

} // namespace

QString statementMoney(qint64 cents, const QString &currency)
{
    const QString sign = cents < 0 ? QStringLiteral("-") : QString();
    const qint64 whole = qAbs(cents);
    return sign + QLocale(QLocale::English).toString(whole / 100) + u'.'
           + QStringLiteral("%1").arg(whole % 100, 2, 10, QLatin1Char('0')) + u' ' + currency;
}

QByteArray StatementPdf::write(const Statement &statement)
{
    QList<QByteArray> pages;
    QByteArray page;
    double y = kHeight - kMargin;
    page += PdfDocument::text(kMargin, y, true, 11, statement.heading, kBlue);
    y -= 26;
    for (const QString &detail : statement.details) {
        page += PdfDocument::text(kMargin, y, false, 10, detail, kInk);
        y -= 14;
    }
    y -= 14;
    for (const StatementLine &line : statement.lines) {
        if (y < kMargin + 2 * kLine) {
            pages.append(page);
            page.clear();
            y = kHeight - kMargin;
        }
        if (line.total) {
            page += rule(y + kLine - 5);
        }
        const double size = line.total ? 11 : 10;
        page += PdfDocument::text(kMargin, y, line.total, size, line.label, kInk);
        page += PdfDocument::text(kWidth - kMargin - widthOf(line.amount, size),
                                  y,
                                  line.total,
                                  size,
                                  line.amount,
                                  kInk);
        y -= kLine;
    }
    page += PdfDocument::text(kMargin, kMargin / 2, false, 7, statement.footer, kGrey);
    pages.append(page);
    return PdfDocument::write(pages, kWidth, kHeight);
}

} // namespace boxoffice::core
