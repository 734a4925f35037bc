// SPDX-License-Identifier: GPL-3.0-or-later
// `check-config`: reads the configuration the way `serve` does and explains every problem found,
// each with what to do about it, instead of stopping at the first.
#include "commands.h"
#include "configfile.h"

#include "db/migrator.h"
#include "http/tlsconfig.h"
#include "redis/redisclient.h"

#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QTcpServer>
#include <QTextStream>

namespace boxoffice::server {

namespace {

class Report
{
public:
    void error(const QString &text) { line("error", text), ++m_errors; }
    void warning(const QString &text) { line("warning", text), ++m_warnings; }
    void ok(const QString &text) { line("ok", text); }
    int finish()
    {
        m_out << "check-config: " << m_errors << (m_errors == 1 ? " error, " : " errors, ")
              << m_warnings << (m_warnings == 1 ? " warning" : " warnings") << Qt::endl;
        return m_errors > 0 ? 1 : 0;
    }

private:
    void line(const char *level, const QString &text) { m_out << level << ": " << text << '\n'; }
    QTextStream m_out{stdout};
    int m_errors = 0;
    int m_warnings = 0;
};

// Every BOXOFFICE_* name that --help mentions (plus the *_FILE forms of the secrets).
QSet<QString> knownSettings(const QString &helpText)
{
    QSet<QString> out;
    static const QRegularExpression name(QStringLiteral("BOXOFFICE_[A-Z0-9_]+"));
    for (auto it = name.globalMatch(helpText); it.hasNext();) {
        const QString found = it.next().captured();
        out.insert(found);
        out.insert(found + u"_FILE");
    }
    return out;
}

void checkFile(const Config &config, const QString &helpText, Report &report)
{
    if (config.configFile.isEmpty()) {
        report.warning(QStringLiteral("no --config file: only the environment and flags are read "
                                      "(the package's service uses /etc/boxoffice/server.conf)"));
        return;
    }
    for (const QString &warning : config.configWarnings)
        report.warning(warning);
    const QSet<QString> known = knownSettings(helpText);
    for (const ConfigFile::Entry &entry : ConfigFile::read(config.configFile).entries) {
        if (!known.contains(entry.key))
            report.warning(QStringLiteral("%1:%2: %3 is not a setting boxoffice-server knows "
                                          "(misspelt? see --help); it is ignored")
                               .arg(config.configFile)
                               .arg(entry.line)
                               .arg(entry.key));
    }
}

void checkListen(const Config &config, Report &report)
{
    QString host;
    quint16 port = 0;
    if (!config.listenAddress(&host, &port))
        return; // already reported by Config::load
    const QHostAddress address(host == u"localhost" ? QStringLiteral("127.0.0.1") : host);
    if (address.isNull()) {
        report.error(QStringLiteral("BOXOFFICE_LISTEN: \"%1\" is not an IP address (use "
                                    "127.0.0.1, 0.0.0.0 or [::])")
                         .arg(host));
        return;
    }
    QTcpServer probe;
    if (probe.listen(address, port))
        report.ok(QStringLiteral("can listen on %1").arg(config.listen));
    else
        report.warning(QStringLiteral("cannot listen on %1 now (%2): is the server already "
                                      "running, or does the port need privileges?")
                           .arg(config.listen, probe.errorString()));
}

void checkTls(const Config &config, Report &report)
{
    if (config.tlsCert.isEmpty() && config.tlsKey.isEmpty()) {
        report.ok(QStringLiteral("plain HTTP (TLS ends at the load balancer, or set "
                                 "BOXOFFICE_TLS_CERT and BOXOFFICE_TLS_KEY)"));
        return;
    }
    QString error;
    if (!http::loadTlsConfiguration(config.tlsCert, config.tlsKey, &error)) {
        report.error(QStringLiteral("TLS: %1 (set both BOXOFFICE_TLS_CERT and "
                                    "BOXOFFICE_TLS_KEY to readable PEM files)")
                         .arg(error));
        return;
    }
    const auto chain = QSslCertificate::fromPath(config.tlsCert);
    const QDateTime expiry = chain.isEmpty() ? QDateTime() : chain.first().expiryDate();
    const qint64 days = QDateTime::currentDateTimeUtc().daysTo(expiry);
    if (days < 0)
        report.error(QStringLiteral("TLS: the certificate expired on %1").arg(expiry.toString()));
    else if (days < 21)
        report.warning(QStringLiteral("TLS: the certificate expires in %1 days").arg(days));
    else
        report.ok(QStringLiteral("TLS certificate valid for %1 more days").arg(days));
}

void checkDataDir(const Config &config, Report &report)
{
    const QFileInfo info(config.dataDir);
    if (!info.exists()) {
        const QFileInfo parent(info.absolutePath());
        if (parent.isDir() && parent.isWritable())
            report.ok(
                QStringLiteral("data directory %1 will be made at first start").arg(config.dataDir));
        else
            report.error(QStringLiteral("BOXOFFICE_DATA_DIR: %1 does not exist and this user "
                                        "cannot make it")
                             .arg(config.dataDir));
    } else if (!info.isWritable())
        report.error(QStringLiteral("BOXOFFICE_DATA_DIR: %1 is not writable by this user "
                                    "(the service runs as boxoffice)")
                         .arg(config.dataDir));
    else
        report.ok(QStringLiteral("data directory %1 is writable").arg(config.dataDir));
}

void checkDatabase(const Config &config, Report &report)
{
    if (config.databaseUrl.isEmpty()) {
        report.warning(QStringLiteral("BOXOFFICE_DATABASE_URL is not set: an embedded PostgreSQL "
                                      "runs in the data directory (demos only; set it, or "
                                      "BOXOFFICE_DATABASE_URL_FILE, in production)"));
        return;
    }
    if (!qEnvironmentVariableIsSet("PGCONNECT_TIMEOUT"))
        qputenv("PGCONNECT_TIMEOUT", "5"); // an unreachable host must not hang the check
    try {
        db::Migrator migrator(config.databaseUrl.toStdString());
        const QList<int> applied = migrator.appliedVersions();
        int pending = 0;
        for (const db::Migration &migration : db::Migrator::embedded())
            pending += applied.contains(migration.version) ? 0 : 1;
        report.ok(QStringLiteral("PostgreSQL answers"));
        if (pending > 0)
            report.warning(QStringLiteral("%1 database migration(s) pending: `serve` applies "
                                          "them, or run `boxoffice-server migrate` first")
                               .arg(pending));
    } catch (const std::exception &error) {
        // libpq messages may repeat the URL; never print a password.
        QString text = QString::fromUtf8(error.what()).simplified();
        text.replace(QRegularExpression(QStringLiteral("password=\\S+")),
                     QStringLiteral("password=***"));
        report.error(QStringLiteral("PostgreSQL: %1 (check BOXOFFICE_DATABASE_URL, that the "
                                    "server runs and that pg_hba.conf lets this user in)")
                         .arg(text));
    }
}

void checkRedis(const Config &config, Report &report)
{
    if (config.redisUrl.isEmpty()) {
        report.warning(QStringLiteral("BOXOFFICE_REDIS_URL is not set: an embedded redis-server "
                                      "runs in the data directory (one instance only)"));
        return;
    }
    redis::RedisClient client;
    if (!client.connect(QUrl(config.redisUrl), std::chrono::milliseconds(2000))) {
        report.warning(QStringLiteral("Redis: %1 - the server starts anyway, but the waiting "
                                      "room pauses and holds are capped until Redis answers")
                           .arg(client.lastError()));
        return;
    }
    const auto reply = client.command({"PING"});
    if (reply)
        report.ok(QStringLiteral("Redis answers"));
    else
        report.warning(
            QStringLiteral("Redis: connected but PING failed: %1").arg(client.lastError()));
}

void checkSecrets(const Config &config, Report &report)
{
    if (config.jwt.hmacSecret.isEmpty()) {
        const QString kept = QDir(config.dataDir).filePath(QStringLiteral("jwt-secret"));
        report.warning(QStringLiteral("BOXOFFICE_JWT_SECRET is not set: %1 is %2; several "
                                      "instances must share one secret "
                                      "(BOXOFFICE_JWT_SECRET_FILE)")
                           .arg(kept,
                                QFileInfo::exists(kept) ? QStringLiteral("used")
                                                        : QStringLiteral("made at first start")));
    } else if (config.jwt.hmacSecret.size() < 32) {
        report.warning(QStringLiteral("BOXOFFICE_JWT_SECRET is %1 bytes: use at least 32 random "
                                      "bytes (openssl rand -hex 32)")
                           .arg(config.jwt.hmacSecret.size()));
    }
    const auth::JwtVerifier verifier(config.jwt);
    for (const QString &problem : verifier.configErrors())
        report.error(QStringLiteral("JWT: %1").arg(problem));
    if (!config.jwtPrivateKeyPem.isEmpty()) {
        QString error;
        if (!auth::JwtSigner::fromPrivateKeyPem(config.jwtPrivateKeyPem, &error))
            report.error(QStringLiteral("BOXOFFICE_JWT_PRIVATE_KEY: %1").arg(error));
    }
    if (config.paymentWebhookSecret.isEmpty())
        report.warning(QStringLiteral("BOXOFFICE_PAYMENT_WEBHOOK_SECRET is not set: every payment "
                                      "webhook is refused, orders are confirmed only by the "
                                      "reconciler"));
    const QUrl payment(config.paymentUrl.isEmpty() ? QStringLiteral("http://127.0.0.1:8081")
                                                   : config.paymentUrl);
    if (!payment.isValid() || payment.host().isEmpty()
        || (payment.scheme() != u"http" && payment.scheme() != u"https"))
        report.error(QStringLiteral("BOXOFFICE_PAYMENT_URL: \"%1\" is not an http(s) URL")
                         .arg(config.paymentUrl));
    else if (config.paymentApiKey == "sk_test_sandbox")
        report.warning(QStringLiteral("BOXOFFICE_PAYMENT_API_KEY is the sandbox's test key "
                                      "(fine with boxoffice-payment-sandbox, not with a real "
                                      "provider)"));
}

} // namespace

int runCheckConfig(Config config, const QString &helpText, const QString &loadErrors)
{
    Report report;
    for (const QString &problem : loadErrors.split(u'\n', Qt::SkipEmptyParts))
        report.error(problem);
    checkFile(config, helpText, report);
    checkListen(config, report);
    checkTls(config, report);
    checkDataDir(config, report);
    checkDatabase(config, report);
    checkRedis(config, report);
    checkSecrets(config, report);
    return report.finish();
}

} // namespace boxoffice::server
