// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordpolicy.h"

#include <QFile>
#include <QSet>

namespace boxoffice::server::auth {

namespace {

const QSet<QString> &commonPasswords()
{
    static const QSet<QString> list = [] {
        QSet<QString> out;
        QFile file(QStringLiteral(":/auth/common-passwords.txt"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("the common-password list is missing from the binary");
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            if (!line.isEmpty() && !line.startsWith(u'#'))
                out.insert(line.toLower());
        }
        return out;
    }();
    return list;
}

} // namespace

QString PasswordPolicy::weakness(const QString &password, const QString &email)
{
    // Characters as people count them, not UTF-16 units.
    if (password.toUcs4().size() < kMinimumLength)
        return QStringLiteral("the password needs at least %1 characters").arg(kMinimumLength);
    const QString lower = password.toLower();
    if (commonPasswords().contains(lower))
        return QStringLiteral("this password is one of the most common ones");
    if (lower == email.toLower() || lower == email.section(u'@', 0, 0).toLower())
        return QStringLiteral("the password must not be the email");
    QSet<QChar> distinct;
    for (const QChar c : lower)
        distinct.insert(c);
    if (distinct.size() <= 2)
        return QStringLiteral("the password needs more than two different characters");
    return {};
}

} // namespace boxoffice::server::auth
