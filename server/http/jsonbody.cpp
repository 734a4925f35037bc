// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonbody.h"

#include "domain/error.h"

#include <QJsonDocument>

#include <cmath>

namespace boxoffice::server::http {

using domain::Error;
using domain::ErrorCode;

namespace {

[[noreturn]] void bad(const QString &detail)
{
    throw Error(ErrorCode::BadRequest, detail);
}

} // namespace

QJsonObject JsonBody::parseObject(const QByteArray &body)
{
    if (body.trimmed().isEmpty())
        bad(QStringLiteral("a JSON object body is required"));
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        bad(QStringLiteral("invalid JSON at offset %1: %2")
                .arg(error.offset)
                .arg(error.errorString()));
    if (!document.isObject())
        bad(QStringLiteral("the body must be a JSON object"));
    return document.object();
}

QJsonObject JsonBody::parseObjectOrEmpty(const QByteArray &body)
{
    return body.trimmed().isEmpty() ? QJsonObject() : parseObject(body);
}

QString JsonBody::requireString(const QString &name, int maxLength) const
{
    const auto value = optionalString(name, maxLength);
    if (!value)
        bad(QStringLiteral("`%1` is required").arg(name));
    return *value;
}

std::optional<QString> JsonBody::optionalString(const QString &name, int maxLength) const
{
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isString())
        bad(QStringLiteral("`%1` must be a string").arg(name));
    const QString text = value.toString();
    if (text.isEmpty())
        bad(QStringLiteral("`%1` must not be empty").arg(name));
    if (text.size() > maxLength)
        bad(QStringLiteral("`%1` is longer than %2 characters").arg(name).arg(maxLength));
    return text;
}

qint64 JsonBody::requireInt(const QString &name, qint64 min, qint64 max) const
{
    const auto value = optionalInt(name, min, max);
    if (!value)
        bad(QStringLiteral("`%1` is required").arg(name));
    return *value;
}

std::optional<qint64> JsonBody::optionalInt(const QString &name, qint64 min, qint64 max) const
{
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const double number = value.toDouble(std::nan(""));
    if (!value.isDouble() || std::isnan(number) || std::floor(number) != number)
        bad(QStringLiteral("`%1` must be an integer").arg(name));
    // double(max) may round up to 2^63, which no qint64 holds (converting it is undefined).
    if (number < double(min) || number > double(max) || number >= 9223372036854775808.0)
        bad(QStringLiteral("`%1` must be between %2 and %3").arg(name).arg(min).arg(max));
    return qint64(number);
}

std::optional<bool> JsonBody::optionalBool(const QString &name) const
{
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isBool())
        bad(QStringLiteral("`%1` must be a boolean").arg(name));
    return value.toBool();
}

QStringList JsonBody::requireStringList(const QString &name, int maxItems, int maxLength) const
{
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined() || value.isNull())
        bad(QStringLiteral("`%1` is required").arg(name));
    if (!value.isArray())
        bad(QStringLiteral("`%1` must be an array of strings").arg(name));
    const QJsonArray array = value.toArray();
    if (array.isEmpty())
        bad(QStringLiteral("`%1` must not be empty").arg(name));
    if (array.size() > maxItems)
        bad(QStringLiteral("`%1` has more than %2 items").arg(name).arg(maxItems));
    QStringList out;
    for (const QJsonValue &item : array) {
        if (!item.isString() || item.toString().isEmpty() || item.toString().size() > maxLength)
            bad(QStringLiteral("`%1` must contain non-empty strings").arg(name));
        out.append(item.toString());
    }
    return out;
}

QJsonObject JsonBody::optionalObject(const QString &name) const
{
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isObject())
        bad(QStringLiteral("`%1` must be an object").arg(name));
    return value.toObject();
}

QString JsonBody::requireEnum(const QString &name, const QStringList &allowed) const
{
    const QString value = requireString(name);
    if (!allowed.contains(value))
        bad(QStringLiteral("`%1` must be one of: %2").arg(name, allowed.join(QStringLiteral(", "))));
    return value;
}

void JsonBody::onlyFields(const QStringList &known) const
{
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (!known.contains(it.key()))
            bad(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

} // namespace boxoffice::server::http
