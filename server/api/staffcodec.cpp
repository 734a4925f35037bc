// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffcodec.h"

#include "fieldreader.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;

namespace {

[[noreturn]] void badField(const QString &field, const QString &detail)
{
    ErrorDetails details;
    details.field = field;
    throw Error(ErrorCode::BadRequest, detail, std::move(details));
}

std::optional<QString> optionalText(const QJsonObject &body, const QString &name, int maxLength)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isString())
        badField(name, QStringLiteral("`%1` must be a string").arg(name));
    if (value.toString().size() > maxLength)
        badField(name, QStringLiteral("`%1` is longer than %2 characters").arg(name).arg(maxLength));
    return value.toString();
}

QString requiredText(const QJsonObject &body, const QString &name, int maxLength)
{
    const auto value = optionalText(body, name, maxLength);
    if (!value)
        badField(name, QStringLiteral("`%1` is required").arg(name));
    return *value;
}

QJsonValue timeJson(const QDateTime &at)
{
    return at.isValid() ? QJsonValue(at.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

const QString kUsername = QStringLiteral("username");
const QString kRole = QStringLiteral("role");
const QString kPassword = QStringLiteral("password");
const QString kDisabled = QStringLiteral("disabled");
constexpr int kPasswordMax = 1024;

} // namespace

domain::NewStaff parseNewStaff(const QJsonObject &body)
{
    refuseUnknown(body, {kUsername, kRole, kPassword});
    return domain::NewStaff{requiredText(body, kUsername, 255),
                            requiredText(body, kRole, 32),
                            requiredText(body, kPassword, kPasswordMax)};
}

domain::StaffPatch parseStaffPatch(const QJsonObject &body)
{
    refuseUnknown(body, {kDisabled, kRole, kPassword});
    domain::StaffPatch patch;
    const QJsonValue disabled = body.value(kDisabled);
    if (!disabled.isUndefined()) {
        if (!disabled.isBool())
            badField(kDisabled, QStringLiteral("`disabled` must be true or false"));
        patch.disabled = disabled.toBool();
    }
    patch.role = optionalText(body, kRole, 32);
    patch.password = optionalText(body, kPassword, kPasswordMax);
    return patch;
}

QJsonObject staffJson(const domain::StaffMember &member)
{
    return QJsonObject{{QStringLiteral("id"), member.id},
                       {kUsername, member.username},
                       {kRole, member.role},
                       {kDisabled, member.disabled},
                       {QStringLiteral("created_at"), timeJson(member.createdAt)},
                       {QStringLiteral("last_sign_in_at"), timeJson(member.lastSignInAt)}};
}

QJsonObject staffListJson(const QList<domain::StaffMember> &members)
{
    QJsonArray items;
    for (const domain::StaffMember &member : members)
        items.append(staffJson(member));
    return QJsonObject{{QStringLiteral("items"), items}};
}

QJsonObject signInsJson(const QList<domain::StaffSignIn> &signIns)
{
    QJsonArray items;
    for (const domain::StaffSignIn &signIn : signIns)
        items.append(QJsonObject{{kUsername, signIn.username},
                                 {QStringLiteral("at"), timeJson(signIn.at)},
                                 {QStringLiteral("address"), signIn.address}});
    return QJsonObject{{QStringLiteral("items"), items}};
}

} // namespace boxoffice::server::api
