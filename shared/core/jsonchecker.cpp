// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonchecker.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace boxoffice::core {

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("boolean");
    case QJsonValue::Double:
        return QStringLiteral("number");
    case QJsonValue::String:
        return QStringLiteral("string");
    case QJsonValue::Array:
        return QStringLiteral("array");
    case QJsonValue::Object:
        return QStringLiteral("object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

void JsonChecker::wrongType(const QString &path, const char *expected, const QJsonValue &value)
{
    m_issues.error(path,
                   QStringLiteral("expected %1, found %2")
                       .arg(QLatin1StringView(expected), jsonTypeName(value)));
}

std::optional<QJsonObject> JsonChecker::asObject(const QJsonValue &value, const QString &path)
{
    if (!hasType(value, &QJsonValue::isObject, path, "an object"))
        return std::nullopt;
    return value.toObject();
}

std::optional<QJsonValue> JsonChecker::present(const QJsonObject &object,
                                               QLatin1StringView key,
                                               const QString &path,
                                               bool required)
{
    const auto it = object.constFind(key);
    if (it == object.constEnd()) {
        if (required)
            m_issues.error(member(path, key), QStringLiteral("missing required field"));
        return std::nullopt;
    }
    return it.value();
}

bool JsonChecker::hasType(const QJsonValue &value,
                          bool (QJsonValue::*is)() const,
                          const QString &path,
                          const char *expected)
{
    if ((value.*is)())
        return true;
    wrongType(path, expected, value);
    return false;
}

std::optional<QJsonValue> JsonChecker::typed(const QJsonObject &object,
                                             QLatin1StringView key,
                                             const QString &path,
                                             bool required,
                                             bool (QJsonValue::*is)() const,
                                             const char *expected)
{
    std::optional<QJsonValue> value = present(object, key, path, required);
    if (value && !hasType(*value, is, member(path, key), expected))
        return std::nullopt;
    return value;
}

std::optional<QString> JsonChecker::string(const QJsonObject &object,
                                           QLatin1StringView key,
                                           const QString &path,
                                           bool required)
{
    const std::optional<QJsonValue> value
        = typed(object, key, path, required, &QJsonValue::isString, "a string");
    if (!value)
        return std::nullopt;
    return value->toString();
}

std::optional<QString> JsonChecker::stringOrNull(const QJsonObject &object,
                                                 QLatin1StringView key,
                                                 const QString &path)
{
    const std::optional<QJsonValue> value = present(object, key, path, false);
    if (!value || value->isNull()
        || !hasType(*value, &QJsonValue::isString, member(path, key), "a string or null"))
        return std::nullopt;
    return value->toString();
}

std::optional<double> JsonChecker::number(const QJsonObject &object,
                                          QLatin1StringView key,
                                          const QString &path,
                                          bool required,
                                          double min,
                                          double max)
{
    const std::optional<QJsonValue> value
        = typed(object, key, path, required, &QJsonValue::isDouble, "a number");
    if (!value)
        return std::nullopt;
    const double number = value->toDouble();
    if (!std::isfinite(number)) {
        m_issues.error(member(path, key), QStringLiteral("number is not finite"));
        return std::nullopt;
    }
    if (number < min || number > max) {
        m_issues.error(member(path, key),
                       QStringLiteral("%1 is out of range [%2, %3]").arg(number).arg(min).arg(max));
        return std::nullopt;
    }
    return number;
}

std::optional<qint64> JsonChecker::integer(const QJsonObject &object,
                                           QLatin1StringView key,
                                           const QString &path,
                                           bool required,
                                           qint64 min,
                                           qint64 max)
{
    const std::optional<QJsonValue> value
        = typed(object, key, path, required, &QJsonValue::isDouble, "an integer");
    if (!value)
        return std::nullopt;
    const double number = value->toDouble();
    if (!std::isfinite(number) || number != std::floor(number)) {
        m_issues.error(member(path, key),
                       QStringLiteral("expected an integer, found %1").arg(number));
        return std::nullopt;
    }
    if (number < double(min) || number > double(max)) {
        const QString message
            = number < 0 && min >= 0
                  ? QStringLiteral("must not be negative (found %1)").arg(number)
                  : QStringLiteral("%1 is out of range [%2, %3]").arg(number).arg(min).arg(max);
        m_issues.error(member(path, key), message);
        return std::nullopt;
    }
    return qint64(number);
}

std::optional<QJsonArray> JsonChecker::array(const QJsonObject &object,
                                             QLatin1StringView key,
                                             const QString &path,
                                             bool required)
{
    const std::optional<QJsonValue> value
        = typed(object, key, path, required, &QJsonValue::isArray, "an array");
    if (!value)
        return std::nullopt;
    return value->toArray();
}

std::optional<QJsonObject> JsonChecker::object(const QJsonObject &object,
                                               QLatin1StringView key,
                                               const QString &path,
                                               bool required)
{
    const std::optional<QJsonValue> value = present(object, key, path, required);
    if (!value)
        return std::nullopt;
    return asObject(*value, member(path, key));
}

std::optional<QColor> JsonChecker::colour(const QJsonObject &object,
                                          QLatin1StringView key,
                                          const QString &path,
                                          bool required)
{
    const std::optional<QString> text = string(object, key, path, required);
    if (!text)
        return std::nullopt;
    static const auto isHex = [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
    };
    const qsizetype length = text->size();
    bool ok = text->startsWith(u'#') && (length == 4 || length == 7 || length == 9);
    for (qsizetype i = 1; ok && i < length; ++i)
        ok = isHex(text->at(i));
    const QColor colour = ok ? QColor(*text) : QColor();
    if (!colour.isValid()) {
        m_issues.error(member(path, key),
                       QStringLiteral("\"%1\" is not a colour (#rgb, #rrggbb or #aarrggbb)")
                           .arg(text->left(40)));
        return std::nullopt;
    }
    return colour;
}

std::optional<QPointF> JsonChecker::point(const QJsonObject &object,
                                          QLatin1StringView key,
                                          const QString &path,
                                          bool required)
{
    const std::optional<QJsonObject> pointObject = this->object(object, key, path, required);
    if (!pointObject)
        return std::nullopt;
    const QString pointPath = member(path, key);
    checkKnownKeys(*pointObject, {QLatin1StringView("x"), QLatin1StringView("y")}, pointPath);
    const std::optional<double> x = number(*pointObject, QLatin1StringView("x"), pointPath);
    const std::optional<double> y = number(*pointObject, QLatin1StringView("y"), pointPath);
    if (!x || !y)
        return std::nullopt;
    return QPointF(*x, *y);
}

void JsonChecker::checkKnownKeys(const QJsonObject &object,
                                 std::initializer_list<QLatin1StringView> known,
                                 const QString &path)
{
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            m_issues.warning(path + u'.' + it.key(), QStringLiteral("unknown field ignored"));
    }
}

qsizetype JsonChecker::invalidUtf8Offset(QByteArrayView data)
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    const qsizetype size = data.size();
    qsizetype i = 0;
    while (i < size) {
        const unsigned char lead = bytes[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        int length = 0;
        unsigned int minimum = 0;
        unsigned int codePoint = 0;
        if ((lead & 0xE0) == 0xC0) {
            length = 2, minimum = 0x80, codePoint = lead & 0x1F;
        } else if ((lead & 0xF0) == 0xE0) {
            length = 3, minimum = 0x800, codePoint = lead & 0x0F;
        } else if ((lead & 0xF8) == 0xF0) {
            length = 4, minimum = 0x10000, codePoint = lead & 0x07;
        } else {
            return i;
        }
        if (i + length > size)
            return i;
        for (int k = 1; k < length; ++k) {
            if ((bytes[i + k] & 0xC0) != 0x80)
                return i;
            codePoint = (codePoint << 6) | (bytes[i + k] & 0x3F);
        }
        // Overlong forms, UTF-16 surrogates and values beyond Unicode are not UTF-8.
        if (codePoint < minimum || codePoint > 0x10FFFF
            || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
            return i;
        i += length;
    }
    return -1;
}

std::optional<QJsonObject> JsonChecker::parseTopLevel(QByteArrayView data,
                                                      qint64 maxBytes,
                                                      IssueList &issues)
{
    const QString root = QStringLiteral("$");
    if (data.size() > maxBytes) {
        issues.error(root,
                     QStringLiteral("input is %1 bytes, the limit is %2 bytes")
                         .arg(data.size())
                         .arg(maxBytes));
        return std::nullopt;
    }
    if (data.startsWith("\xEF\xBB\xBF"))
        data = data.sliced(3); // a UTF-8 byte order mark carries no meaning
    if (const qsizetype bad = invalidUtf8Offset(data); bad >= 0) {
        issues.error(root, QStringLiteral("input is not valid UTF-8 (byte offset %1)").arg(bad));
        return std::nullopt;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(data.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError) {
        issues.error(root,
                     QStringLiteral("invalid JSON at byte offset %1: %2")
                         .arg(error.offset)
                         .arg(error.errorString()));
        return std::nullopt;
    }
    if (!document.isObject()) {
        issues.error(root, QStringLiteral("expected a JSON object at the top level"));
        return std::nullopt;
    }
    return document.object();
}

} // namespace boxoffice::core
