// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/jsonchecker.h>
#include <core/protocol/parsed.h>

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace boxoffice::protocol {

/// Reads the members of one wire object with core::JsonChecker: a missing or mistyped member is
/// recorded with its path and read as its default, so fromJson reads on and answers the first
/// problem at the end. Nested objects and lists share the same record.
class WireReader
{
public:
    WireReader(core::JsonChecker &checker, QJsonObject object, QString path);

    /// The largest amount of money a member may hold (ten trillion in minor units).
    static constexpr qint64 kMaxCents = 1'000'000'000'000'000;

    bool has(const char *key) const { return m_object.contains(QLatin1StringView(key)); }
    bool isNull(const char *key) const;

    /// A required string.
    QString text(const char *key);
    /// A string when present; absent: empty.
    QString optionalText(const char *key);
    /// A required member that is a string or null (null: std::nullopt).
    std::optional<QString> nullableText(const char *key);
    /// A required whole number in [min, max].
    qint64 integer(const char *key, qint64 min = 0, qint64 max = kMaxCents);
    /// A whole number when present (absent: std::nullopt).
    std::optional<qint64> optionalInteger(const char *key, qint64 min = 0, qint64 max = kMaxCents);
    /// A required member that is a whole number or null.
    std::optional<qint64> nullableInteger(const char *key, qint64 min = 0, qint64 max = kMaxCents);
    /// A required member that is a number or null.
    std::optional<double> nullableNumber(const char *key);
    /// A required boolean.
    bool flag(const char *key);
    /// A boolean when present; absent: `fallback`.
    bool optionalFlag(const char *key, bool fallback = false);
    /// A required RFC 3339 time (a string); null allowed when `nullable` (read as invalid).
    QDateTime time(const char *key, bool nullable = false);
    /// A required array of strings.
    QStringList texts(const char *key);

    /// A required object, read by `read(WireReader &)`.
    template<typename Read>
    auto object(const char *key, Read read) -> decltype(read(std::declval<WireReader &>()))
    {
        const std::optional<QJsonObject> found = m_checker.object(m_object, name(key), m_path);
        WireReader nested(m_checker, found.value_or(QJsonObject()), member(key));
        return read(nested);
    }
    /// A required array of objects, each read by `read(WireReader &)`.
    template<typename Read>
    auto list(const char *key, Read read) -> QList<decltype(read(std::declval<WireReader &>()))>
    {
        QList<decltype(read(std::declval<WireReader &>()))> out;
        const QJsonArray items = m_checker.array(m_object, name(key), m_path).value_or(QJsonArray());
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QString path = core::JsonChecker::element(member(key), i);
            const std::optional<QJsonObject> item = m_checker.asObject(items.at(i), path);
            WireReader nested(m_checker, item.value_or(QJsonObject()), path);
            out.append(read(nested));
        }
        return out;
    }

    /// Reads `json` with `read(WireReader &)`: the value, or the first problem found.
    template<typename T, typename Read>
    static Parsed<T> parse(const QJsonObject &json, Read read)
    {
        core::IssueList issues;
        core::JsonChecker checker(issues);
        WireReader reader(checker, json, QStringLiteral("$"));
        T value = read(reader);
        if (!issues.hasErrors())
            return value;
        const core::VenueIssue first = issues.take().constFirst();
        return Parsed<T>::failure(first.path, first.message);
    }

private:
    static QLatin1StringView name(const char *key) { return QLatin1StringView(key); }
    QString member(const char *key) const { return core::JsonChecker::member(m_path, name(key)); }

    core::JsonChecker &m_checker;
    QJsonObject m_object;
    QString m_path;
};

/// A time as the wire writes it: UTC, with milliseconds when `withMs` ("...T19:30:00.000Z").
QString wireTime(const QDateTime &time, bool withMs = true);

} // namespace boxoffice::protocol
