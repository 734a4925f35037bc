// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldreader.h"

#include "domain/error.h"

#include <cmath>

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

// An integer in [min, max]; nullopt when absent or null.
std::optional<qint64> readRangedInt(
    const QJsonObject &object, const QString &name, const QString &field, qint64 min, qint64 max)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const double number = value.toDouble();
    if (!value.isDouble() || number != std::floor(number) || std::abs(number) > 1e15)
        badField(field, QStringLiteral("%1 must be an integer").arg(field));
    if (number < double(min) || number > double(max))
        throw Error::invalidField(
            field, QStringLiteral("%1 must be between %2 and %3").arg(field).arg(min).arg(max));
    return qint64(number);
}

// A percentage with at most two decimals, 0 to 100, as hundredths of a percent.
int readPercentBp(const QJsonObject &object, const QString &name, const QString &field)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull())
        return 0;
    if (!value.isDouble())
        badField(field, QStringLiteral("%1 must be a number").arg(field));
    const double percent = value.toDouble();
    if (!(percent >= 0 && percent <= 100))
        throw Error::invalidField(field,
                                  QStringLiteral("%1 must be between 0 and 100 (percent)")
                                      .arg(field));
    const double hundredths = percent * 100;
    if (std::abs(hundredths - std::round(hundredths)) > 1e-6)
        throw Error::invalidField(field, QStringLiteral("%1 has at most two decimals").arg(field));
    return int(std::lround(hundredths));
}

void refuseUnknown(const QJsonObject &body, const QStringList &known)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            badField(it.key(), QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

} // namespace boxoffice::server::api
