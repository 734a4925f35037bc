// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "httpclient.h"

#include <QHash>
#include <QProcess>
#include <QStringList>

#include <memory>
#include <string>

namespace boxoffice::server::db {
class ThrowawayDatabase;
}

namespace boxoffice::test {

/// The HS256 secret every test server and test token share.
inline constexpr char kTestJwtSecret[] = "integration-test-secret-0123456789";

/// A real `boxoffice-server serve` process on a throwaway database: migrates it, starts the
/// server on 127.0.0.1:0, reads the port from its "listening on" line, and stops it (SIGTERM,
/// then SIGKILL) when destroyed. Fails the test loudly when anything does not come up.
class ServerProcess
{
public:
    /// `adminUrl`: BOXOFFICE_TEST_DATABASE_URL. `extraArgs` go to `serve`.
    /// `extraEnv` adds to (or overrides) the server's environment.
    explicit ServerProcess(const std::string &adminUrl,
                           QStringList extraArgs = {},
                           const QHash<QString, QString> &extraEnv = {});
    /// Another instance on `primary`'s (already migrated) database, for several-instance tests.
    explicit ServerProcess(const ServerProcess *primary, QStringList extraArgs = {});
    ~ServerProcess();
    ServerProcess(const ServerProcess &) = delete;
    ServerProcess &operator=(const ServerProcess &) = delete;

    /// True once the server printed its port.
    bool isRunning() const;
    quint16 port() const { return m_port; }
    /// The server's process id (0 when not running), for benchmarks that read its CPU time.
    qint64 pid() const { return m_process ? m_process->processId() : 0; }
    HttpClient client() const { return HttpClient("127.0.0.1", m_port); }
    const std::string &databaseUrl() const;

    /// Starts (again) on the same database, on `port` (0: any free one); false when it did not
    /// come up within 30 s.
    bool start(quint16 port = 0);
    /// SIGTERM and wait; returns the exit code (-1 when it had to be killed).
    int terminate(int timeoutMs = 15000);
    /// SIGKILL, no goodbye: for fault tests.
    void kill();
    /// What the server wrote to stderr so far (for failure messages).
    QByteArray log();

    /// Path of the built boxoffice-server.
    static QString binary();
    /// Runs `boxoffice-server args...` to completion; returns exit code, fills stdout.
    static int run(const QStringList &args,
                   QByteArray *out = nullptr,
                   const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                   const QByteArray &input = {});

private:
    std::unique_ptr<server::db::ThrowawayDatabase> m_database;
    std::unique_ptr<QProcess> m_process;
    std::string m_sharedUrl; // set when the database belongs to another ServerProcess
    QStringList m_extraArgs;
    QProcessEnvironment m_env;
    quint16 m_port = 0;
    QByteArray m_log;
};

/// A signed HS256 access token for `subject` with `role` (fan, clerk, manager, admin).
QByteArray testToken(const QString &subject,
                     const QString &role = QStringLiteral("fan"),
                     qint64 ttl = 600);

} // namespace boxoffice::test
