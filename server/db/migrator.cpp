#include "migrator.h"

#include <pqxx/pqxx>

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace boxoffice::server::db {

namespace {

// Arbitrary, fixed: every boxoffice-server migrating this database takes the same lock.
constexpr long long kMigrationLock = 0x626f786f6d6967; // "boxomig"

const char *const kCreateTable = "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                 " version integer PRIMARY KEY, name text NOT NULL,"
                                 " applied_at timestamptz NOT NULL DEFAULT now())";

} // namespace

Migrator::Migrator(std::string url)
    : m_url(std::move(url))
{}

QList<Migration> Migrator::embedded()
{
    QList<Migration> out;
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)_[A-Za-z0-9_]+\\.sql$"));
    const QDir dir(QStringLiteral(":/migrations"));
    for (const QString &file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        out.append(Migration{match.captured(1).toInt(), file, f.readAll()});
    }
    std::sort(out.begin(), out.end(), [](const Migration &a, const Migration &b) {
        return a.version < b.version;
    });
    return out;
}

QList<int> Migrator::appliedVersions()
{
    pqxx::connection connection{m_url};
    pqxx::nontransaction work{connection};
    QList<int> out;
    const auto exists = work.exec1("SELECT to_regclass('schema_migrations') IS NOT NULL");
    if (!exists[0].as<bool>())
        return out;
    for (const auto &row : work.exec("SELECT version FROM schema_migrations ORDER BY version"))
        out.append(row[0].as<int>());
    return out;
}

QStringList Migrator::migrate()
{
    pqxx::connection connection{m_url};
    {
        pqxx::nontransaction work{connection};
        work.exec_params("SELECT pg_advisory_lock($1)", kMigrationLock);
    }
    QStringList applied;
    try {
        {
            pqxx::work work{connection};
            work.exec0(kCreateTable);
            work.commit();
        }
        for (const Migration &migration : embedded()) {
            pqxx::work work{connection};
            const auto done = work.exec_params("SELECT 1 FROM schema_migrations WHERE version = $1",
                                               migration.version);
            if (!done.empty())
                continue;
            work.exec0(migration.sql.toStdString());
            work.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                              migration.version,
                              migration.name.toStdString());
            work.commit();
            applied.append(migration.name);
        }
    } catch (...) {
        pqxx::nontransaction work{connection};
        work.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLock);
        throw;
    }
    pqxx::nontransaction work{connection};
    work.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLock);
    return applied;
}

} // namespace boxoffice::server::db
