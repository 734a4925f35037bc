// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffwords.h"

#include "managewords.h"

#include <client/httptransport.h>
#include <core/localtime.h>

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

namespace boxoffice::app {

namespace {
QString detailOf(const client::ApiResult &result)
{
    return result.body.value(u"detail").toString();
}

// The password policy's reasons (auth::PasswordPolicy), said in the manager's language.
QString passwordReason(const QString &detail)
{
    static const QRegularExpression atLeast(QStringLiteral("at least (\\d+) characters"));
    const QRegularExpressionMatch length = atLeast.match(detail);
    if (length.hasMatch())
        return StaffWords::tr("The password needs at least %1 characters.").arg(length.captured(1));
    if (detail.contains(u"common"))
        return StaffWords::tr("This password is one of the most common ones. Choose another.");
    if (detail.contains(u"must not be"))
        return StaffWords::tr("The password must not be the user name.");
    if (detail.contains(u"different characters"))
        return StaffWords::tr("The password needs more than two different characters.");
    if (detail.isEmpty())
        return StaffWords::tr("The server did not accept this password.");
    return detail.left(1).toUpper() + detail.mid(1) + u'.';
}
} // namespace

QString StaffWords::role(const QString &role)
{
    if (role == u"clerk")
        return tr("Clerk");
    if (role == u"manager")
        return tr("Manager");
    if (role == u"door")
        return tr("Door staff");
    if (role == u"admin")
        return tr("Administrator");
    return role;
}

QString StaffWords::fieldOf(const client::ApiResult &result)
{
    if (result.code() == u"username_taken")
        return QStringLiteral("username");
    if (result.status == 422 || result.status == 400)
        return result.body.value(u"field").toString();
    return {};
}

QString StaffWords::fieldProblem(const QString &field, const client::ApiResult &result)
{
    if (field == u"username")
        return result.code() == u"username_taken"
                   ? tr("This user name is taken. Choose another.")
                   : tr("2 to 64 lower-case letters, digits, dots, dashes or underscores, "
                        "starting with a letter or digit.");
    if (field == u"password")
        return passwordReason(detailOf(result));
    if (field == u"role")
        return tr("Choose clerk, manager or door staff.");
    return tr("This value is not accepted.");
}

QString StaffWords::failure(const client::ApiResult &result)
{
    const QString detail = detailOf(result);
    if (result.status == 403) {
        // One code (forbidden) for several rules: the server's detail says which.
        if (detail.contains(u"disable your own"))
            return tr("You cannot disable your own account: ask another manager.");
        if (detail.contains(u"own role"))
            return tr("You cannot change your own role: ask another manager.");
        if (detail.contains(u"admin"))
            return tr("Only an administrator may change an administrator's account or make "
                      "one.");
        return tr("Your account may not change staff accounts.");
    }
    if (result.status == 404)
        return tr("This account no longer exists. Refresh the list.");
    if (result.code() == u"username_taken")
        return tr("This user name is taken. Choose another.");
    const QString field = fieldOf(result);
    if (!field.isEmpty())
        return fieldProblem(field, result);
    if (result.status == 503)
        return tr("The server is busy. Try again in a moment.");
    return ManageWords::failure(result);
}

QString StaffWords::localTime(const QString &instant, const QString &empty)
{
    const QDateTime at = QDateTime::fromString(instant, Qt::ISODateWithMs);
    if (!at.isValid())
        return empty;
    const QLocale locale;
    return locale.toString(at.toLocalTime(),
                           locale.dateFormat(QLocale::ShortFormat) + u' '
                               + core::LocalTime::timeFormat(locale));
}

} // namespace boxoffice::app
