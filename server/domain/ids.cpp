// SPDX-License-Identifier: GPL-3.0-or-later
#include "ids.h"

#include <QUuid>

namespace boxoffice::server::domain {

namespace {

bool isHex(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

} // namespace

QString canonicalId(const QString &text)
{
    // PostgreSQL reads 32 hex digits with optional braces and hyphens between groups of four:
    // whatever it would take as the same uuid must become the same text here.
    if (text.size() < 32 || text.size() > 48)
        return text;
    QStringView view(text);
    if (view.startsWith(u'{') != view.endsWith(u'}'))
        return text;
    if (view.startsWith(u'{'))
        view = view.sliced(1, view.size() - 2);
    QString digits;
    digits.reserve(32);
    for (qsizetype i = 0; i < view.size(); ++i) {
        const QChar c = view[i];
        if (isHex(c))
            digits.append(c.toLower());
        else if (c != u'-' || i == 0 || i == view.size() - 1 || view[i - 1] == u'-')
            return text;
    }
    if (digits.size() != 32)
        return text;
    return digits.first(8) + u'-' + digits.sliced(8, 4) + u'-' + digits.sliced(12, 4) + u'-'
           + digits.sliced(16, 4) + u'-' + digits.sliced(20);
}

QStringList canonicalIds(const QStringList &texts)
{
    QStringList out;
    out.reserve(texts.size());
    for (const QString &text : texts)
        out.append(canonicalId(text));
    return out;
}

bool isUuid(const QString &text)
{
    return text.size() == 36 && !QUuid::fromString(text).isNull();
}

QString uuidOrEmpty(const QString &text)
{
    return isUuid(text) ? canonicalId(text) : QString();
}

} // namespace boxoffice::server::domain
