// SPDX-License-Identifier: GPL-3.0-or-later
#include "usercodec.h"

namespace boxoffice::server::api {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject profileJson(const domain::Profile &profile)
{
    return QJsonObject{{QStringLiteral("sub"), profile.subject},
                       {QStringLiteral("role"), profile.role},
                       {QStringLiteral("email"), orNull(profile.email)},
                       {QStringLiteral("name"), orNull(profile.name)},
                       {QStringLiteral("locale"), orNull(profile.locale)},
                       // Accounts with an address (fans) only; staff: null.
                       {QStringLiteral("email_verified"),
                        profile.email.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                : QJsonValue(profile.emailVerified)}};
}

QJsonObject accessTokenJson(const domain::AccessToken &token)
{
    QJsonObject out = profileJson(token.profile);
    out.insert(u"access_token", QString::fromLatin1(token.token));
    out.insert(u"token_type", QStringLiteral("Bearer"));
    out.insert(u"expires_in", double(token.expiresInSeconds));
    return out;
}

} // namespace boxoffice::server::api
