// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace boxoffice::core {

/// An amount as statements show it: "-1,234.56 EUR" (English digits, the currency's code).
QString statementMoney(qint64 cents, const QString &currency);

/// One line of a statement: a label and its amount, already formatted ("1,234.56 EUR").
/// A `total` line is drawn bold with a rule above it.
struct StatementLine
{
    QString label;
    QString amount;
    bool total = false;
};

/// A money statement (a settlement), texts already in the reader's language.
struct Statement
{
    QString heading;     ///< "SETTLEMENT STATEMENT"
    QStringList details; ///< the event, venue, date, commission, ...
    QList<StatementLine> lines;
    QString footer; ///< when it was made
};

/// A statement as a one-page A4 PDF (core::PdfDocument): heading, details, then the lines
/// with their amounts right-aligned. Lines beyond one page go on the next.
class StatementPdf
{
public:
    static QByteArray write(const Statement &statement);
};

} // namespace boxoffice::core
