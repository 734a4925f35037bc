// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace boxoffice::server::http {

/// Strict readers for request bodies. Every failure throws domain::Error(BadRequest) naming the
/// field, so controllers read like the API table and never answer 500 for client input.
class JsonBody
{
public:
    /// Parses `body` as one JSON object.
    static QJsonObject parseObject(const QByteArray &body);
    /// As parseObject, but an empty body (only white space) reads as `{}`: for optional bodies.
    static QJsonObject parseObjectOrEmpty(const QByteArray &body);

    explicit JsonBody(QJsonObject object)
        : m_object(std::move(object))
    {}
    const QJsonObject &object() const { return m_object; }
    bool has(const QString &name) const { return m_object.contains(name); }

    QString requireString(const QString &name, int maxLength = 1000) const;
    std::optional<QString> optionalString(const QString &name, int maxLength = 1000) const;
    qint64 requireInt(const QString &name, qint64 min, qint64 max) const;
    std::optional<qint64> optionalInt(const QString &name, qint64 min, qint64 max) const;
    std::optional<bool> optionalBool(const QString &name) const;
    QStringList requireStringList(const QString &name, int maxItems, int maxLength = 255) const;
    QJsonObject optionalObject(const QString &name) const;
    /// A string that must be one of `allowed`.
    QString requireEnum(const QString &name, const QStringList &allowed) const;
    /// Refuses a member not in `known` (a typo must not pass silently).
    void onlyFields(const QStringList &known) const;

private:
    QJsonObject m_object;
};

} // namespace boxoffice::server::http
