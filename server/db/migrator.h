#pragma once

#include <QString>
#include <QStringList>

#include <string>

namespace boxoffice::server::db {

/// One numbered migration: `0001_core_schema.sql` -> version 1.
struct Migration
{
    int version = 0;
    QString name;
    QByteArray sql;
};

/// Applies the embedded server/migrations/*.sql in order, each in its own transaction, and
/// records them in schema_migrations. A session advisory lock makes concurrent runs safe.
class Migrator
{
public:
    explicit Migrator(std::string url);

    /// The embedded migrations, sorted by version.
    static QList<Migration> embedded();
    /// Applies what is missing; returns the names applied (empty when up to date). Throws on error.
    QStringList migrate();
    /// Versions recorded in the database.
    QList<int> appliedVersions();

private:
    std::string m_url;
};

} // namespace boxoffice::server::db
