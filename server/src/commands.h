#pragma once

#include "config.h"

namespace boxoffice::server::db {
class EmbeddedPostgres;
}

namespace boxoffice::server {

/// `serve`: migrate, listen, answer until SIGTERM/SIGINT. Exit code.
int runServe(Config config);
/// `migrate`: apply pending migrations.
int runMigrate(Config config);
/// `create-user --username U (--password P | --password-stdin) --role R`.
int runCreateUser(Config config, const QCommandLineParser &parser);
/// `issue-token --sub U --role R [--ttl S]`: prints a signed access token.
int runIssueToken(Config config, const QCommandLineParser &parser);

/// `check-config`: every problem of the configuration `serve` would read, explained; exit 1 if
/// any is an error. `helpText` names the known settings, `loadErrors` are Config::load's.
int runCheckConfig(Config config, const QString &helpText, const QString &loadErrors);

/// `seed-demo`: staff accounts, a demo venue and two events (idempotent).
int runSeedDemo(Config config);

/// The database to use: --database-url, or a started embedded cluster (stopped with this object).
class DatabaseTarget
{
public:
    explicit DatabaseTarget(const Config &config);
    ~DatabaseTarget();
    /// Starts the embedded cluster when needed; false (with a message on stderr) on failure.
    bool open();
    std::string url() const { return m_url; }

private:
    const Config &m_config;
    std::string m_url;
    std::unique_ptr<db::EmbeddedPostgres> m_embedded;
};

} // namespace boxoffice::server
