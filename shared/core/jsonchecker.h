// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venueissue.h>

#include <QByteArrayView>
#include <QColor>
#include <QJsonArray>
#include <QJsonObject>
#include <QPointF>

#include <optional>

namespace boxoffice::core {

/// Typed, checked access to parsed JSON for the readers: every problem becomes an issue with the
/// JSON path, and a missing or wrong value yields std::nullopt instead of a default.
class JsonChecker
{
public:
    explicit JsonChecker(IssueList &issues)
        : m_issues(issues)
    {}

    /// Largest absolute coordinate or size accepted (10 km in centimetres).
    static constexpr double kMaxCoordinate = 1e6;

    static QString member(const QString &path, QLatin1StringView key) { return path + u'.' + key; }
    static QString element(const QString &path, qsizetype index)
    {
        return path + u'[' + QString::number(index) + u']';
    }

    /// Checks `value` is an object; reports at `path` otherwise.
    std::optional<QJsonObject> asObject(const QJsonValue &value, const QString &path);

    std::optional<QString> string(const QJsonObject &object,
                                  QLatin1StringView key,
                                  const QString &path,
                                  bool required = true);
    /// A string or JSON null (null -> empty optional without an issue).
    std::optional<QString> stringOrNull(const QJsonObject &object,
                                        QLatin1StringView key,
                                        const QString &path);
    /// A finite number in [min, max].
    std::optional<double> number(const QJsonObject &object,
                                 QLatin1StringView key,
                                 const QString &path,
                                 bool required = true,
                                 double min = -kMaxCoordinate,
                                 double max = kMaxCoordinate);
    /// A whole number in [min, max].
    std::optional<qint64> integer(const QJsonObject &object,
                                  QLatin1StringView key,
                                  const QString &path,
                                  bool required,
                                  qint64 min,
                                  qint64 max);
    std::optional<QJsonArray> array(const QJsonObject &object,
                                    QLatin1StringView key,
                                    const QString &path,
                                    bool required = true);
    std::optional<QJsonObject> object(const QJsonObject &object,
                                      QLatin1StringView key,
                                      const QString &path,
                                      bool required = true);
    /// "#rgb", "#rrggbb" or "#aarrggbb".
    std::optional<QColor> colour(const QJsonObject &object,
                                 QLatin1StringView key,
                                 const QString &path,
                                 bool required = true);
    /// An object {"x": number, "y": number}.
    std::optional<QPointF> point(const QJsonObject &object,
                                 QLatin1StringView key,
                                 const QString &path,
                                 bool required = true);

    /// Warns about members not in `known` (they are ignored).
    void checkKnownKeys(const QJsonObject &object,
                        std::initializer_list<QLatin1StringView> known,
                        const QString &path);

    IssueList &issues() { return m_issues; }

    /// Offset of the first byte that is not valid UTF-8, or -1.
    static qsizetype invalidUtf8Offset(QByteArrayView data);
    /// Parses a JSON document; reports syntax errors at "$". Input must be valid UTF-8.
    static std::optional<QJsonObject> parseTopLevel(QByteArrayView data,
                                                    qint64 maxBytes,
                                                    IssueList &issues);

private:
    std::optional<QJsonValue> present(const QJsonObject &object,
                                      QLatin1StringView key,
                                      const QString &path,
                                      bool required);
    /// The member, when present (reported missing when required) and of the type `is` tests.
    std::optional<QJsonValue> typed(const QJsonObject &object,
                                    QLatin1StringView key,
                                    const QString &path,
                                    bool required,
                                    bool (QJsonValue::*is)() const,
                                    const char *expected);
    /// True when `is` holds for `value`; reports the type found at `path` otherwise.
    bool hasType(const QJsonValue &value,
                 bool (QJsonValue::*is)() const,
                 const QString &path,
                 const char *expected);
    void wrongType(const QString &path, const char *expected, const QJsonValue &value);

    IssueList &m_issues;
};

/// A JSON type name for messages ("string", "number", ...).
QString jsonTypeName(const QJsonValue &value);

} // namespace boxoffice::core
