// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to db/: prepared-statement execution. Includes libpqxx.

#include "database.h"

#include <pqxx/pqxx>

#include <QString>
#include <QStringList>

#include <type_traits>

namespace boxoffice::server::db {

/// The libpqxx connection behind a PooledConnection.
struct PqConnection
{
    explicit PqConnection(const std::string &url)
        : connection(url)
    {}
    pqxx::connection connection;
};

/// A named SQL statement, declared next to the repository that runs it.
struct Statement
{
    const char *name;
    const char *sql;
};

/// Prepares `statement` on this connection once, then executes it with `args`.
template<typename... Args>
pqxx::result exec(Tx &tx, const Statement &statement, Args &&...args)
{
    PooledConnection &connection = tx.connection();
    if (connection.prepared.insert(statement.name).second)
        connection.pq->connection.prepare(statement.name, statement.sql);
    return tx.work().exec_prepared(statement.name, std::forward<Args>(args)...);
}

/// A PostgreSQL array literal (`{"a","b"}`) for a `$n::text[]` parameter.
std::string textArray(const QStringList &values);
/// A PostgreSQL array literal of numbers ({1,2.5,...}), for unnest() of many rows at once.
template<typename T>
std::string numberArray(const QList<T> &values)
{
    std::string out = "{";
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        if constexpr (std::is_floating_point_v<T>)
            out += QString::number(values[i], 'g', 17).toStdString();
        else
            out += std::to_string(values[i]);
    }
    return out + '}';
}
/// Parses a text[] column into a QStringList.
QStringList parseTextArray(const pqxx::field &field);

inline std::string str(const QString &value)
{
    return value.toStdString();
}
inline QString qstr(const pqxx::field &field)
{
    return field.is_null() ? QString() : QString::fromUtf8(field.c_str(), int(field.size()));
}

} // namespace boxoffice::server::db
