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
        // Positions left of (and including) the centre get the "first" parity, the others the
        // second, each growing by two away from the centre.
        const int centre = (count - 1) / 2;
        const bool firstLeft = scheme == NumberingScheme::OddEvenFromCentre;
        for (int i = 0; i < count; ++i) {
            if (i <= centre)
                numbers[i] = (firstLeft ? start : start + 1) + 2 * (centre - i);
            else
                numbers[i] = (firstLeft ? start + 1 : start) + 2 * (i - centre - 1);
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
