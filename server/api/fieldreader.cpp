// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldreader.h"

#include "domain/error.h"

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;

namespace {

[[noreturn]] void badField(const QString &name, const QString &detail)
{
    throw Error(ErrorCode::BadRequest, detail, ErrorDetails{.field = name});
}

} // namespace

QDateTime readTime(const QJsonObject &body, const QString &name, bool required)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() && !required)
        return {};
    const QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!value.isString() || !time.isValid() || !value.toString().contains(u'T'))
        badField(name, QStringLiteral("`%1` must be an RFC 3339 time").arg(name));
    return time;
}

int readBoundedInt(const QJsonObject &body, const QString &name, int min, int max, int fallback)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() || value.isNull())
        return fallback;
    const double number = value.toDouble(-1e18);
    // The range first: converting a double beyond qint64 is undefined.
    if (!value.isDouble() || number < min || number > max || number != double(qint64(number)))
        badField(name,
                 QStringLiteral("`%1` must be an integer from %2 to %3").arg(name).arg(min).arg(max));
    return int(number);
}

QString readText(const QJsonObject &body, const QString &name, bool required, int maxLength)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() && !required)
        return QString();
    if (!value.isString() || value.toString().isEmpty() || value.toString().size() > maxLength)
        badField(name,
                 QStringLiteral("`%1` must be a non-empty string of at most %2 characters")
                     .arg(name)
                     .arg(maxLength));
    return value.toString();
}

std::optional<bool> readBool(const QJsonObject &body, const QString &name)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isBool())
        badField(name, QStringLiteral("`%1` must be true or false").arg(name));
    return value.toBool();
}

void refuseUnknown(const QJsonObject &body, const QStringList &known)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            badField(it.key(), QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

} // namespace boxoffice::server::api
