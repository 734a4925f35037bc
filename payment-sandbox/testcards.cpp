// SPDX-License-Identifier: GPL-3.0-or-later
#include "testcards.h"

namespace boxoffice::sandbox {

bool TestCards::isWellFormed(const QString &number)
{
    if (number.size() < 12 || number.size() > 19)
        return false;
    int sum = 0;
    bool doubleIt = false;
    for (qsizetype i = number.size() - 1; i >= 0; --i) {
        const QChar c = number.at(i);
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
        int digit = c.unicode() - '0';
        if (doubleIt) {
            digit *= 2;
            if (digit > 9)
                digit -= 9;
        }
        sum += digit;
        doubleIt = !doubleIt;
    }
    return sum % 10 == 0;
}

TestCards::Behaviour TestCards::behaviourOf(const QString &number)
{
    if (number == QLatin1String(kDecline))
        return Behaviour::Decline;
    if (number == QLatin1String(kSlow))
        return Behaviour::Slow;
    if (number == QLatin1String(kTimeout))
        return Behaviour::Timeout;
    return Behaviour::Succeed;
}

} // namespace boxoffice::sandbox
