// SPDX-License-Identifier: GPL-3.0-or-later
#include "migrator.h"

#include <pqxx/pqxx>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <stdexcept>

namespace boxoffice::server::db {

namespace {

// Arbitrary, fixed: every boxoffice-server migrating this database takes the same lock.
constexpr long long kMigrationLock = 0x626f786f6d6967; // "boxomig"

const char *const kCreateTable = "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                 " version integer PRIMARY KEY, name text NOT NULL,"
                                 " applied_at timestamptz NOT NULL DEFAULT now())";
const char *const kCreateFunctionsTable = "CREATE TABLE IF NOT EXISTS schema_functions ("
                                          " name text PRIMARY KEY, sha256 text NOT NULL,"
                                          " applied_at timestamptz NOT NULL DEFAULT now())";

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read " + path.toStdString());
    return file.readAll();
}

// Creates `function` unless schema_functions records its text already; true when it ran.
bool applyFunction(pqxx::work &work, const SqlFunction &function)
{
    const auto stored = work.exec_params("SELECT sha256 FROM schema_functions WHERE name = $1",
                                         function.name.toStdString());
    if (!stored.empty() && stored[0][0].as<std::string>() == function.sha256.toStdString())
        return false;
    work.exec0(function.sql.toStdString());
    work.exec_params0("INSERT INTO schema_functions (name, sha256) VALUES ($1, $2)"
                      " ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256,"
                      " applied_at = now()",
                      function.name.toStdString(),
                      function.sha256.toStdString());
    return true;
}

} // namespace

Migrator::Migrator(std::string url, QString functionsDir)
    : m_url(std::move(url))
    , m_functionsDir(std::move(functionsDir))
{}

QList<Migration> Migrator::embedded()
{
    QList<Migration> out;
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)_[A-Za-z0-9_]+\\.sql$"));
    static const QRegularExpression uses(QStringLiteral("^-- uses-function: ([a-z0-9_]+)\\s*$"),
                                         QRegularExpression::MultilineOption);
    const QDir dir(QStringLiteral(":/migrations"));
    for (const QString &file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            continue;
        Migration migration{match.captured(1).toInt(), file, readFile(dir.filePath(file)), {}};
        for (auto it = uses.globalMatch(QString::fromUtf8(migration.sql)); it.hasNext();)
            migration.functions.append(it.next().captured(1));
        out.append(migration);
    }
    std::sort(out.begin(), out.end(), [](const Migration &a, const Migration &b) {
        return a.version < b.version;
    });
    return out;
}

QList<SqlFunction> Migrator::functions(const QString &dirPath)
{
    QList<SqlFunction> out;
    const QDir dir(dirPath);
    for (const QString &file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        SqlFunction function{file.chopped(4), readFile(dir.filePath(file)), {}};
        function.sha256 = QCryptographicHash::hash(function.sql, QCryptographicHash::Sha256).toHex();
        out.append(function);
    }
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
    const QList<SqlFunction> sqlFunctions = functions(m_functionsDir);
    QHash<QString, SqlFunction> byName;
    for (const SqlFunction &function : sqlFunctions)
        byName.insert(function.name, function);

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
            work.exec0(kCreateFunctionsTable);
            work.commit();
        }
        for (const Migration &migration : embedded()) {
            pqxx::work work{connection};
            const auto done = work.exec_params("SELECT 1 FROM schema_migrations WHERE version = $1",
                                               migration.version);
            if (!done.empty())
                continue;
            for (const QString &name : migration.functions) {
                const auto it = byName.constFind(name);
                if (it == byName.cend())
                    throw std::runtime_error(migration.name.toStdString() + " uses function "
                                             + name.toStdString() + ", which has no file");
                applyFunction(work, *it);
            }
            work.exec0(migration.sql.toStdString());
            work.exec_params0("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                              migration.version,
                              migration.name.toStdString());
            work.commit();
            applied.append(migration.name);
        }
        // Every function as its file is now, in one transaction: a server never sees half.
        pqxx::work work{connection};
        QStringList functionsApplied;
        for (const SqlFunction &function : sqlFunctions) {
            if (applyFunction(work, function))
                functionsApplied.append(QStringLiteral("function ") + function.name);
        }
        work.commit();
        applied += functionsApplied;
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
