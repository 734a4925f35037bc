// SPDX-License-Identifier: GPL-3.0-or-later
#include "wirereader.h"

namespace boxoffice::protocol {

WireReader::WireReader(core::JsonChecker &checker, QJsonObject object, QString path)
    : m_checker(checker)
    , m_object(std::move(object))
    , m_path(std::move(path))
{}

bool WireReader::isNull(const char *key) const
{
    return m_object.value(name(key)).isNull();
}

QString WireReader::text(const char *key)
{
    return m_checker.string(m_object, name(key), m_path).value_or(QString());
}

QString WireReader::optionalText(const char *key)
{
    return m_checker.string(m_object, name(key), m_path, false).value_or(QString());
}

std::optional<QString> WireReader::nullableText(const char *key)
{
    if (!has(key))
        m_checker.issues().error(member(key), QStringLiteral("missing required field"));
    return m_checker.stringOrNull(m_object, name(key), m_path);
}

qint64 WireReader::integer(const char *key, qint64 min, qint64 max)
{
    return m_checker.integer(m_object, name(key), m_path, true, min, max).value_or(0);
}

std::optional<qint64> WireReader::optionalInteger(const char *key, qint64 min, qint64 max)
{
    return m_checker.integer(m_object, name(key), m_path, false, min, max);
}

std::optional<qint64> WireReader::nullableInteger(const char *key, qint64 min, qint64 max)
{
    if (isNull(key) && has(key))
        return std::nullopt;
    return m_checker.integer(m_object, name(key), m_path, true, min, max);
}

std::optional<double> WireReader::nullableNumber(const char *key)
{
    if (isNull(key) && has(key))
        return std::nullopt;
    return m_checker.number(m_object, name(key), m_path, true, -1e300, 1e300);
}

bool WireReader::flag(const char *key)
{
    const QJsonValue value = m_object.value(name(key));
    if (value.isBool())
        return value.toBool();
    if (value.isUndefined())
        m_checker.issues().error(member(key), QStringLiteral("missing required field"));
    else
        m_checker.issues()
            .error(member(key),
                   QStringLiteral("expected a boolean, found %1").arg(core::jsonTypeName(value)));
    return false;
}

bool WireReader::optionalFlag(const char *key, bool fallback)
{
    return has(key) ? flag(key) : fallback;
}

QDateTime WireReader::time(const char *key, bool nullable)
{
    if (nullable && has(key) && isNull(key))
        return {};
    const std::optional<QString> text = m_checker.string(m_object, name(key), m_path);
    if (!text)
        return {};
    const QDateTime time = QDateTime::fromString(*text, Qt::ISODateWithMs);
    if (!time.isValid())
        m_checker.issues().error(member(key),
                                 QStringLiteral("\"%1\" is not an RFC 3339 time").arg(*text));
    return time;
}

QStringList WireReader::texts(const char *key)
{
    QStringList out;
    const QJsonArray items = m_checker.array(m_object, name(key), m_path).value_or(QJsonArray());
    for (qsizetype i = 0; i < items.size(); ++i) {
        if (items.at(i).isString())
            out.append(items.at(i).toString());
        else
            m_checker.issues().error(core::JsonChecker::element(member(key), i),
                                     QStringLiteral("expected a string, found %1")
                                         .arg(core::jsonTypeName(items.at(i))));
    }
    return out;
}

QString wireTime(const QDateTime &time, bool withMs)
{
    return time.toUTC().toString(withMs ? Qt::ISODateWithMs : Qt::ISODate);
}

} // namespace boxoffice::protocol
