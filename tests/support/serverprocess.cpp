// SPDX-License-Identifier: GPL-3.0-or-later
#include "serverprocess.h"

#include "childprocess.h"

#include "auth/jwt.h"
#include "throwawaydatabase.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

namespace boxoffice::test {

QString ServerProcess::binary()
{
    const QString buildDir = qEnvironmentVariable("BOXOFFICE_BUILD_DIR",
                                                  QStringLiteral(BOXOFFICE_DEFAULT_BUILD_DIR));
    return QDir(buildDir).filePath(QStringLiteral("server/boxoffice-server"));
}

namespace {

QProcessEnvironment serverEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
    env.remove(QStringLiteral("BOXOFFICE_DATABASE_URL"));
    env.remove(QStringLiteral("BOXOFFICE_JWT_PUBLIC_KEYS"));
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("boxoffice.*.debug=false"));
    // Sign-in limits live in the Redis every test server shares, keyed by address and account
    // name: off unless a test sets its own (tst_loginguard does, on a Redis of its own).
    env.insert(QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"), QStringLiteral("0"));
    env.insert(QStringLiteral("BOXOFFICE_LOGIN_ACCOUNT_PER_MINUTE"), QStringLiteral("0"));
    env.insert(QStringLiteral("BOXOFFICE_LOGIN_LOCKOUT_FAILURES"), QStringLiteral("1000000"));
    return env;
}

} // namespace

int ServerProcess::run(const QStringList &args,
                       QByteArray *out,
                       const QProcessEnvironment &env,
                       const QByteArray &input)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(binary(), args);
    if (!input.isEmpty()) {
        process.write(input);
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (out)
        *out = process.readAllStandardOutput();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

namespace {

// The test Redis unless the test brings its own: no embedded redis-server per test server (its
// data dir would sit in the build tree, which the unprivileged service user may not reach).
void useTestRedisByDefault(QStringList &args)
{
    const QString testRedis = qEnvironmentVariable("BOXOFFICE_TEST_REDIS_URL");
    if (!args.contains(QStringLiteral("--redis-url")) && !testRedis.isEmpty())
        args << QStringLiteral("--redis-url") << testRedis;
}

} // namespace

ServerProcess::ServerProcess(const std::string &adminUrl,
                             QStringList extraArgs,
                             const QHash<QString, QString> &extraEnv)
    : m_database(std::make_unique<server::db::ThrowawayDatabase>(adminUrl, "srv"))
    , m_extraArgs(std::move(extraArgs))
    , m_env(serverEnvironment())
{
    for (auto it = extraEnv.begin(); it != extraEnv.end(); ++it)
        m_env.insert(it.key(), it.value());
    useTestRedisByDefault(m_extraArgs);
    QByteArray out;
    const int code = run({QStringLiteral("migrate"),
                          QStringLiteral("--database-url"),
                          QString::fromStdString(m_database->url())},
                         &out,
                         serverEnvironment());
    if (code != 0)
        qCritical("boxoffice-server migrate failed (%d): %s", code, out.constData());
    if (!start())
        qCritical("boxoffice-server did not start: %s", m_log.constData());
}

ServerProcess::ServerProcess(const ServerProcess *primary, QStringList extraArgs)
    : m_sharedUrl(primary->databaseUrl())
    , m_extraArgs(std::move(extraArgs))
    , m_env(primary->m_env)
{
    useTestRedisByDefault(m_extraArgs);
    if (!start())
        qCritical("boxoffice-server did not start: %s", m_log.constData());
}

ServerProcess::~ServerProcess()
{
    if (isRunning())
        terminate(5000);
    m_process.reset();
}

const std::string &ServerProcess::databaseUrl() const
{
    return m_database ? m_database->url() : m_sharedUrl;
}

bool ServerProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running && m_port != 0;
}

bool ServerProcess::start(quint16 port)
{
    m_port = 0;
    m_process = std::make_unique<QProcess>();
    endWithTest(*m_process);
    m_process->setProcessEnvironment(m_env);
    m_process->start(binary(),
                     QStringList{QStringLiteral("serve"),
                                 QStringLiteral("--listen"),
                                 QStringLiteral("127.0.0.1:%1").arg(port),
                                 QStringLiteral("--database-url"),
                                 QString::fromStdString(databaseUrl())}
                         + m_extraArgs);
    QDeadlineTimer deadline(30000);
    QByteArray out;
    while (!deadline.hasExpired() && m_process->state() != QProcess::NotRunning) {
        m_process->waitForReadyRead(100);
        out += m_process->readAllStandardOutput();
        m_log += m_process->readAllStandardError();
        static const QRegularExpression line(
            QStringLiteral("listening on https?://127\\.0\\.0\\.1:(\\d+)\\n"));
        const auto match = line.match(QString::fromLatin1(out));
        if (match.hasMatch()) {
            m_port = quint16(match.captured(1).toUInt());
            return m_port != 0;
        }
    }
    m_log += m_process->readAllStandardError();
    return false;
}

int ServerProcess::terminate(int timeoutMs)
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return m_process ? m_process->exitCode() : -1;
    ::kill(pid_t(m_process->processId()), SIGTERM);
    if (!m_process->waitForFinished(timeoutMs)) {
        m_process->kill();
        m_process->waitForFinished(5000);
        return -1;
    }
    m_log += m_process->readAllStandardError();
    return m_process->exitStatus() == QProcess::NormalExit ? m_process->exitCode() : -1;
}

void ServerProcess::kill()
{
    if (!m_process)
        return;
    m_process->kill();
    m_process->waitForFinished(5000);
    m_port = 0;
}

QByteArray ServerProcess::log()
{
    if (m_process)
        m_log += m_process->readAllStandardError();
    return m_log;
}

QByteArray testToken(const QString &subject, const QString &role, qint64 ttl)
{
    const auto parsed = server::auth::roleFromString(role);
    return server::auth::JwtSigner::hs256(kTestJwtSecret)
        .sign(server::auth::accessClaims(subject,
                                         parsed.value_or(server::auth::Role::Fan),
                                         QStringLiteral("boxoffice"),
                                         QStringLiteral("boxoffice-api"),
                                         ttl));
}

} // namespace boxoffice::test
