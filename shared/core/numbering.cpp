// SPDX-License-Identifier: GPL-3.0-or-later
#include "numbering.h"

namespace boxoffice::core::numbering {

QList<int> seatNumbers(int count, NumberingScheme scheme, int start)
{
    QList<int> numbers;
    if (count <= 0)
        return numbers;
    numbers.resize(count);
    switch (scheme) {
    case NumberingScheme::LeftToRight:
        for (int i = 0; i < count; ++i)
            numbers[i] = start + i;
        break;
    case NumberingScheme::RightToLeft:
        for (int i = 0; i < count; ++i)
            numbers[i] = start + count - 1 - i;
        break;
    case NumberingScheme::OddEvenFromCentre:
    case NumberingScheme::EvenOddFromCentre: {
        // The side that starts with `start` takes the extra seat of an odd count, so that a row
        // always uses start .. start + count - 1.
        const bool oddLeft = scheme == NumberingScheme::OddEvenFromCentre;
        const int leftCount = oddLeft ? (count + 1) / 2 : count / 2;
        const int leftStart = oddLeft ? start : start + 1;
        const int rightStart = oddLeft ? start + 1 : start;
        for (int i = 0; i < count; ++i) {
            if (i < leftCount)
                numbers[i] = leftStart + 2 * (leftCount - 1 - i);
            else
                numbers[i] = rightStart + 2 * (i - leftCount);
        }
        break;
    }
    }
    return numbers;
}

QStringList seatLabels(int count, NumberingScheme scheme, int start)
{
    QStringList labels;
    const QList<int> numbers = seatNumbers(count, scheme, start);
    labels.reserve(numbers.size());
    for (int number : numbers)
        labels.append(QString::number(number));
    return labels;
}

QString rowLabel(int index, RowLabelStyle style, QStringView skip)
{
    if (index < 0)
        return {};
    if (style == RowLabelStyle::Numbers)
        return QString::number(qint64(index) + 1);
    QString alphabet;
    for (char16_t c = u'A'; c <= u'Z'; ++c) {
        if (!skip.contains(QChar(c), Qt::CaseInsensitive))
            alphabet.append(QChar(c));
    }
    if (alphabet.isEmpty())
        return QString::number(qint64(index) + 1);
    // Bijective base-n: A..Z, AA..ZZ, AAA..., as in spreadsheet columns.
    const qint64 base = alphabet.size();
    QString label;
    qint64 n = qint64(index) + 1;
    while (n > 0) {
        --n;
        label.prepend(alphabet.at(n % base));
        n /= base;
    }
    return label;
}

QStringList rowLabels(int count, RowLabelStyle style, int first, QStringView skip)
{
    QStringList labels;
    for (int i = 0; i < count; ++i)
        labels.append(rowLabel(first + i, style, skip));
    return labels;
}

} // namespace boxoffice::core::numbering
