// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <string>

namespace boxoffice::server::db {

/// One numbered migration: `0001_core_schema.sql` -> version 1. `functions`: the SQL functions
/// (server/db/sql/<name>.sql) it calls or attaches a trigger to, from `-- uses-function: <name>`
/// lines; the migrator creates them (as their files are now) before it runs the migration.
struct Migration
{
    int version = 0;
    QString name;
    QByteArray sql;
    QStringList functions;
};

/// One SQL function's definition (server/db/sql/<name>.sql: CREATE OR REPLACE FUNCTION ...).
struct SqlFunction
{
    QString name;
    QByteArray sql;
    QByteArray sha256; ///< hex, of `sql`: stored in schema_functions once applied
};

/// Applies the embedded server/migrations/*.sql in order, each in its own transaction, and
/// records them in schema_migrations; then (re)creates every SQL function of server/db/sql/
/// whose text differs from the one recorded in schema_functions (a database that never had the
/// table, migrated by an older server, gets them all). Migrations hold schema changes only; a
/// function has exactly one definition, its file. A session advisory lock makes concurrent runs
/// safe.
class Migrator
{
public:
    /// `functionsDir`: where the SQL functions are (tests point it at a copy).
    explicit Migrator(std::string url, QString functionsDir = QStringLiteral(":/db/sql"));

    /// The embedded migrations, sorted by version.
    static QList<Migration> embedded();
    /// The SQL functions of `dir`, by name.
    static QList<SqlFunction> functions(const QString &dir = QStringLiteral(":/db/sql"));
    /// Applies what is missing; returns the names applied, migrations and then functions
    /// (`function hold_seats`), empty when up to date. Throws on error.
    QStringList migrate();
    /// Versions recorded in the database.
    QList<int> appliedVersions();

private:
    std::string m_url;
    QString m_functionsDir;
};

} // namespace boxoffice::server::db
