// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>
#include <utility>

namespace boxoffice::protocol {

/// What a wire type's fromJson read: the value, or the first problem with the field it is about
/// (a JSON path such as "$.tickets[0].seat_id"), never a half-read value.
template<typename T>
class Parsed
{
public:
    Parsed(T value)
        : m_value(std::move(value))
    {}
    static Parsed failure(QString field, QString message)
    {
        Parsed out;
        out.m_field = std::move(field);
        out.m_message = std::move(message);
        return out;
    }

    explicit operator bool() const { return m_value.has_value(); }
    const T &operator*() const { return *m_value; }
    const T *operator->() const { return &*m_value; }
    /// The field at fault; empty when the value was read.
    const QString &field() const { return m_field; }
    /// "$.seats[1]: expected a string, found number"; empty when the value was read.
    QString error() const { return m_value ? QString() : m_field + u": " + m_message; }

private:
    Parsed() = default;

    std::optional<T> m_value;
    QString m_field;
    QString m_message;
};

} // namespace boxoffice::protocol
