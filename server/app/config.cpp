// SPDX-License-Identifier: GPL-3.0-or-later
#include "config.h"

#include "configfile.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTimeZone>

namespace boxoffice::server {

namespace {

QString env(const char *name)
{
    return qEnvironmentVariable(name);
}

// Every problem is kept (one per line), so check-config can list them all at once.
void addError(QString *error, const QString &problem)
{
    if (!error->isEmpty())
        error->append(u'\n');
    error->append(problem);
}

// A secret: the variable itself, else the file named by VARIABLE_FILE, else the systemd
// credential `credential` (LoadCredential=) - so it never has to be on a command line.
QByteArray secret(const char *variable, const char *credential, QString *error)
{
    if (!env(variable).isEmpty())
        return env(variable).toUtf8();
    const QByteArray fileVariable = QByteArray(variable) + "_FILE";
    QString path = env(fileVariable.constData());
    const QString credentials = env("CREDENTIALS_DIRECTORY");
    if (path.isEmpty() && !credentials.isEmpty()) {
        const QString candidate = QDir(credentials).filePath(QLatin1String(credential));
        if (QFile::exists(candidate))
            path = candidate;
    }
    if (path.isEmpty())
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        addError(error,
                 QStringLiteral("%1: cannot read %2 (%3)")
                     .arg(QLatin1String(fileVariable), path, file.errorString()));
        return {};
    }
    const QByteArray value = file.readAll().trimmed();
    if (value.isEmpty())
        addError(error, QStringLiteral("%1: %2 is empty").arg(QLatin1String(fileVariable), path));
    return value;
}

bool readInt(const QString &text, int min, int max, int *out)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < min || value > max)
        return false;
    *out = value;
    return true;
}

} // namespace

void Config::addOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("config"),
         QStringLiteral("KEY=value file of BOXOFFICE_* settings, below the environment "
                        "(BOXOFFICE_CONFIG; the package's is /etc/boxoffice/server.conf)."),
         QStringLiteral("file")},
        {QStringLiteral("listen"),
         QStringLiteral(
             "Address to listen on (BOXOFFICE_LISTEN, default 127.0.0.1:8080; port 0 picks one)."),
         QStringLiteral("host:port")},
        {QStringLiteral("database-url"),
         QStringLiteral(
             "PostgreSQL URL (BOXOFFICE_DATABASE_URL); unset: embedded cluster in --data-dir."),
         QStringLiteral("url")},
        {QStringLiteral("redis-url"),
         QStringLiteral("Redis URL (BOXOFFICE_REDIS_URL); unset: embedded."),
         QStringLiteral("url")},
        {QStringLiteral("data-dir"),
         QStringLiteral(
             "Data directory for embedded services and keys (BOXOFFICE_DATA_DIR, default ./var)."),
         QStringLiteral("dir")},
        {QStringLiteral("tls-cert"),
         QStringLiteral("TLS certificate PEM (BOXOFFICE_TLS_CERT)."),
         QStringLiteral("file")},
        {QStringLiteral("tls-key"),
         QStringLiteral("TLS private key PEM (BOXOFFICE_TLS_KEY)."),
         QStringLiteral("file")},
        {QStringLiteral("db-pool-size"),
         QStringLiteral(
             "Database connections and worker threads (BOXOFFICE_DB_POOL_SIZE, default 16)."),
         QStringLiteral("n")},
        {QStringLiteral("hold-seconds"),
         QStringLiteral(
             "Default hold duration for new events (BOXOFFICE_HOLD_SECONDS, default 600)."),
         QStringLiteral("s")},
        {QStringLiteral("time-zone"),
         QStringLiteral("IANA time zone for venues uploaded without one, e.g. pretix plans "
                        "(BOXOFFICE_TIME_ZONE, default UTC)."),
         QStringLiteral("zone")},
        {QStringLiteral("sweep-interval-ms"),
         QStringLiteral("Hold sweeper period (BOXOFFICE_SWEEP_INTERVAL_MS, default 2000)."),
         QStringLiteral("ms")},
        {QStringLiteral("payment-url"),
         QStringLiteral("Payment provider base URL (BOXOFFICE_PAYMENT_URL, default "
                        "http://127.0.0.1:8081)."),
         QStringLiteral("url")},
        {QStringLiteral("payment-page-url"),
         QStringLiteral("Payment provider base URL as browsers reach it, for its hosted payment "
                        "page (BOXOFFICE_PAYMENT_PAGE_URL, default --payment-url)."),
         QStringLiteral("url")},
        {QStringLiteral("web-dir"),
         QStringLiteral("The fans' web shop files (BOXOFFICE_WEB_DIR, default the build's "
                        "web/dist or /usr/share/boxoffice-server/web)."),
         QStringLiteral("dir")},
        {QStringLiteral("payment-window-seconds"),
         QStringLiteral("Hold extension when payment starts (BOXOFFICE_PAYMENT_WINDOW_SECONDS, "
                        "default 900)."),
         QStringLiteral("s")},
        {QStringLiteral("payment-timeout-ms"),
         QStringLiteral("Provider call deadline (BOXOFFICE_PAYMENT_TIMEOUT_MS, default 10000)."),
         QStringLiteral("ms")},
        {QStringLiteral("reconcile-interval-ms"),
         QStringLiteral("Reconciler/compensation period (BOXOFFICE_RECONCILE_INTERVAL_MS, "
                        "default 5000)."),
         QStringLiteral("ms")},
        {QStringLiteral("reconcile-after-seconds"),
         QStringLiteral("Ask the provider about attempts pending this long "
                        "(BOXOFFICE_RECONCILE_AFTER_SECONDS, default 60)."),
         QStringLiteral("s")},
    });
    RealtimeConfig::addOptions(parser);
    parser.addHelpOption();
    parser.addVersionOption();
}

QString Config::environmentHelp()
{
    return QStringLiteral(
        "Environment:\n"
        "  BOXOFFICE_LISTEN, BOXOFFICE_DATABASE_URL, BOXOFFICE_REDIS_URL, BOXOFFICE_DATA_DIR,\n"
        "  BOXOFFICE_TLS_CERT, BOXOFFICE_TLS_KEY, BOXOFFICE_DB_POOL_SIZE, BOXOFFICE_HOLD_SECONDS,\n"
        "  BOXOFFICE_JWT_SECRET (HS256), BOXOFFICE_JWT_PUBLIC_KEYS (comma-separated PEM files,\n"
        "  RS256/EdDSA), BOXOFFICE_JWT_PRIVATE_KEY (PEM file to sign with RS256/EdDSA),\n"
        "  BOXOFFICE_JWT_ISSUER (default boxoffice), BOXOFFICE_JWT_AUDIENCE (default "
        "boxoffice-api),\n"
        "  BOXOFFICE_JWT_ALGORITHMS (allow-list, default HS256,RS256,EdDSA), BOXOFFICE_TOKEN_TTL,\n"
        "  BOXOFFICE_WEB_DIR, BOXOFFICE_PAYMENT_PAGE_URL,\n"
        "  BOXOFFICE_PAYMENT_URL, BOXOFFICE_PAYMENT_API_KEY, BOXOFFICE_PAYMENT_WEBHOOK_SECRET,\n"
        "  BOXOFFICE_PAYMENT_WINDOW_SECONDS, BOXOFFICE_PAYMENT_TIMEOUT_MS,\n"
        "  BOXOFFICE_RECONCILE_INTERVAL_MS, BOXOFFICE_RECONCILE_AFTER_SECONDS,\n"
        "  BOXOFFICE_TICKET_SECRET (first-format ticket codes' HMAC), BOXOFFICE_TICKET_KEY_FILE\n"
        "  (seals the Ed25519 ticket keys; docs/tickets.md).\n"
        "  Mail (docs/tickets.md): BOXOFFICE_SMTP_URL, BOXOFFICE_MAIL_FROM, BOXOFFICE_PUBLIC_URL,\n"
        "  BOXOFFICE_SMTP_STARTTLS, BOXOFFICE_SMTP_CA_FILE, BOXOFFICE_SMTP_TIMEOUT_MS,\n"
        "  BOXOFFICE_MAIL_POLL_MS, BOXOFFICE_MAIL_RETRY_BASE_MS, BOXOFFICE_MAIL_LEASE_SECONDS.\n"
        "  BOXOFFICE_DATABASE_READ_URL (search and seat-history reads, e.g. a hot standby).\n"
        "  BOXOFFICE_REDIS_SENTINELS (host:port,... find Redis through Sentinels instead of\n"
        "  BOXOFFICE_REDIS_URL), BOXOFFICE_REDIS_MASTER (their master name, default boxoffice).\n"
        "  Waiting room and Redis (docs/queue.md): BOXOFFICE_REDIS_TIMEOUT_MS,\n"
        "  BOXOFFICE_REDIS_DOWN_AFTER_MS, BOXOFFICE_ADMISSION_SECONDS, BOXOFFICE_QUEUE_TICK_MS,\n"
        "  BOXOFFICE_QUEUE_LEASE_MS, BOXOFFICE_QUEUE_SETTINGS_CACHE_MS,\n"
        "  BOXOFFICE_SEAT_LEASES (1/0), BOXOFFICE_DEGRADED_HOLD_CONCURRENCY,\n"
        "  BOXOFFICE_DEGRADED_WAIT_MS,\n"
        "  BOXOFFICE_RATE_USER_PER_MINUTE, BOXOFFICE_RATE_USER_BURST, "
        "BOXOFFICE_RATE_IP_PER_MINUTE,\n"
        "  BOXOFFICE_RATE_IP_BURST (0 per minute = off). A flag wins over its variable.\n"
        "  Hold batching (docs/queue.md): BOXOFFICE_HOLD_BATCHES, BOXOFFICE_HOLD_BATCH_MAX,\n"
        "  BOXOFFICE_HOLD_GATHER_US, BOXOFFICE_LEASE_SETTLE_MS.\n"
        "Secrets (BOXOFFICE_DATABASE_URL, BOXOFFICE_REDIS_URL, BOXOFFICE_JWT_SECRET,\n"
        "  BOXOFFICE_PAYMENT_API_KEY, BOXOFFICE_PAYMENT_WEBHOOK_SECRET, BOXOFFICE_TICKET_SECRET)\n"
        "  may come from a file, BOXOFFICE_JWT_SECRET_FILE=/path, or a systemd credential named\n"
        "  without BOXOFFICE_, in lower case with dashes: LoadCredential=jwt-secret:/path.");
}

Config Config::load(const QCommandLineParser &parser, QString *error)
{
    Config c;
    c.configFile = parser.isSet(QStringLiteral("config")) ? parser.value(QStringLiteral("config"))
                                                          : env("BOXOFFICE_CONFIG");
    if (!c.configFile.isEmpty()) {
        const ConfigFile file = ConfigFile::read(c.configFile);
        if (!file.error.isEmpty())
            addError(error, file.error);
        file.applyToEnvironment();
        c.configWarnings = file.warnings;
    }
    auto pick = [&](const char *variable, const QString &flag, QString *target) {
        if (parser.isSet(flag))
            *target = parser.value(flag);
        else if (!env(variable).isEmpty())
            *target = env(variable);
    };
    pick("BOXOFFICE_LISTEN", QStringLiteral("listen"), &c.listen);
    pick("BOXOFFICE_DATABASE_URL", QStringLiteral("database-url"), &c.databaseUrl);
    pick("BOXOFFICE_REDIS_URL", QStringLiteral("redis-url"), &c.redisUrl);
    c.redisSentinels = env("BOXOFFICE_REDIS_SENTINELS");
    if (!env("BOXOFFICE_SELLER_NAME").isEmpty())
        c.seller.name = env("BOXOFFICE_SELLER_NAME");
    c.seller.address = env("BOXOFFICE_SELLER_ADDRESS");
    c.seller.vatNumber = env("BOXOFFICE_SELLER_VAT");
    if (!env("BOXOFFICE_REDIS_MASTER").isEmpty())
        c.redisMaster = env("BOXOFFICE_REDIS_MASTER").toUtf8();
    pick("BOXOFFICE_DATA_DIR", QStringLiteral("data-dir"), &c.dataDir);
    pick("BOXOFFICE_TLS_CERT", QStringLiteral("tls-cert"), &c.tlsCert);
    pick("BOXOFFICE_TLS_KEY", QStringLiteral("tls-key"), &c.tlsKey);
    pick("BOXOFFICE_PAYMENT_URL", QStringLiteral("payment-url"), &c.paymentUrl);
    pick("BOXOFFICE_PAYMENT_PAGE_URL", QStringLiteral("payment-page-url"), &c.paymentPageUrl);
    c.webDir = defaultWebDir();
    pick("BOXOFFICE_WEB_DIR", QStringLiteral("web-dir"), &c.webDir);
    if (c.databaseUrl.isEmpty())
        c.databaseUrl = QString::fromUtf8(secret("BOXOFFICE_DATABASE_URL", "database-url", error));
    if (c.redisUrl.isEmpty())
        c.redisUrl = QString::fromUtf8(secret("BOXOFFICE_REDIS_URL", "redis-url", error));
    c.paymentWebhookSecret = secret("BOXOFFICE_PAYMENT_WEBHOOK_SECRET",
                                    "payment-webhook-secret",
                                    error);
    const QByteArray apiKey = secret("BOXOFFICE_PAYMENT_API_KEY", "payment-api-key", error);
    if (!apiKey.isEmpty())
        c.paymentApiKey = apiKey;
    c.ticketSecret = secret("BOXOFFICE_TICKET_SECRET", "ticket-secret", error);
    c.ticketKeyFile = env("BOXOFFICE_TICKET_KEY_FILE");
    const struct
    {
        const char *variable;
        const char *flag;
        int min;
        int max;
        int *target;
    } numbers[] = {
        {"BOXOFFICE_PAYMENT_WINDOW_SECONDS",
         "payment-window-seconds",
         1,
         86400,
         &c.paymentWindowSeconds},
        {"BOXOFFICE_PAYMENT_TIMEOUT_MS", "payment-timeout-ms", 100, 600000, &c.paymentTimeoutMs},
        {"BOXOFFICE_RECONCILE_INTERVAL_MS",
         "reconcile-interval-ms",
         50,
         3600000,
         &c.reconcileIntervalMs},
        {"BOXOFFICE_RECONCILE_AFTER_SECONDS",
         "reconcile-after-seconds",
         1,
         86400,
         &c.reconcileAfterSeconds},
    };
    for (const auto &number : numbers) {
        QString value;
        pick(number.variable, QString::fromLatin1(number.flag), &value);
        if (!value.isEmpty() && !readInt(value, number.min, number.max, number.target))
            addError(error,
                     QStringLiteral("--%1 (%2) must be %3-%4, not \"%5\"")
                         .arg(QLatin1String(number.flag), QLatin1String(number.variable))
                         .arg(number.min)
                         .arg(number.max)
                         .arg(value));
    }

    c.realtime = RealtimeConfig::load(parser, error);
    QString text;
    pick("BOXOFFICE_DB_POOL_SIZE", QStringLiteral("db-pool-size"), &text);
    if (!text.isEmpty() && !readInt(text, 1, 512, &c.dbPoolSize))
        addError(error,
                 QStringLiteral("--db-pool-size (BOXOFFICE_DB_POOL_SIZE) must be 1-512, not \"%1\"")
                     .arg(text));
    text.clear();
    pick("BOXOFFICE_HOLD_SECONDS", QStringLiteral("hold-seconds"), &text);
    if (!text.isEmpty() && !readInt(text, 1, 86400, &c.holdSeconds))
        addError(error,
                 QStringLiteral(
                     "--hold-seconds (BOXOFFICE_HOLD_SECONDS) must be 1-86400, not \"%1\"")
                     .arg(text));
    text.clear();
    pick("BOXOFFICE_TIME_ZONE", QStringLiteral("time-zone"), &text);
    if (!text.isEmpty() && !QTimeZone::isTimeZoneIdAvailable(text.toUtf8()))
        addError(error,
                 QStringLiteral("--time-zone (BOXOFFICE_TIME_ZONE) must be an IANA time zone such "
                                "as Europe/Madrid, not \"%1\"")
                     .arg(text));
    else if (!text.isEmpty())
        c.defaultTimeZone = text;
    text.clear();
    pick("BOXOFFICE_SWEEP_INTERVAL_MS", QStringLiteral("sweep-interval-ms"), &text);
    if (!text.isEmpty() && !readInt(text, 50, 3600000, &c.sweepIntervalMs))
        addError(
            error,
            QStringLiteral(
                "--sweep-interval-ms (BOXOFFICE_SWEEP_INTERVAL_MS) must be 50-3600000, not \"%1\"")
                .arg(text));
    int ttl = 3600;
    if (!env("BOXOFFICE_TOKEN_TTL").isEmpty()
        && !readInt(env("BOXOFFICE_TOKEN_TTL"), 1, 86400 * 30, &ttl))
        addError(error, QStringLiteral("BOXOFFICE_TOKEN_TTL must be 1-2592000"));
    c.tokenTtlSeconds = ttl;

    c.jwt.hmacSecret = secret("BOXOFFICE_JWT_SECRET", "jwt-secret", error);
    if (!env("BOXOFFICE_JWT_ISSUER").isEmpty())
        c.jwt.issuer = env("BOXOFFICE_JWT_ISSUER");
    if (!env("BOXOFFICE_JWT_AUDIENCE").isEmpty())
        c.jwt.audience = env("BOXOFFICE_JWT_AUDIENCE");
    if (!env("BOXOFFICE_JWT_ALGORITHMS").isEmpty())
        c.jwt.algorithms = env("BOXOFFICE_JWT_ALGORITHMS").split(u',', Qt::SkipEmptyParts);
    for (const QString &path : env("BOXOFFICE_JWT_PUBLIC_KEYS").split(u',', Qt::SkipEmptyParts)) {
        QFile file(path.trimmed());
        if (!file.open(QIODevice::ReadOnly))
            addError(error,
                     QStringLiteral("BOXOFFICE_JWT_PUBLIC_KEYS: cannot read %1 (%2)")
                         .arg(path, file.errorString()));
        else
            c.jwt.publicKeyPem.append(file.readAll());
    }
    if (!env("BOXOFFICE_JWT_PRIVATE_KEY").isEmpty()) {
        QFile file(env("BOXOFFICE_JWT_PRIVATE_KEY"));
        if (!file.open(QIODevice::ReadOnly))
            addError(error,
                     QStringLiteral("BOXOFFICE_JWT_PRIVATE_KEY: cannot read %1 (%2)")
                         .arg(file.fileName(), file.errorString()));
        else
            c.jwtPrivateKeyPem = file.readAll();
    }
    QString host;
    quint16 port = 0;
    if (!c.listenAddress(&host, &port))
        addError(error,
                 QStringLiteral("--listen (BOXOFFICE_LISTEN) must be host:port, not \"%1\"")
                     .arg(c.listen));
    return c;
}

QString Config::defaultWebDir()
{
#ifdef BOXOFFICE_WEB_DIST_DIR
    const QString built = QStringLiteral(BOXOFFICE_WEB_DIST_DIR);
    if (QFile::exists(built + QStringLiteral("/index.html")))
        return built;
#endif
    return QStringLiteral("/usr/share/boxoffice-server/web");
}

bool Config::listenAddress(QString *host, quint16 *port) const
{
    const qsizetype colon = listen.lastIndexOf(u':');
    if (colon <= 0)
        return false;
    bool ok = false;
    const uint value = listen.mid(colon + 1).toUInt(&ok);
    if (!ok || value > 65535)
        return false;
    *host = listen.left(colon);
    if (host->startsWith(u'[') && host->endsWith(u']'))
        *host = host->mid(1, host->size() - 2);
    *port = quint16(value);
    return true;
}

QByteArray Config::ensureJwtSecret(QString *error)
{
    if (!jwt.hmacSecret.isEmpty())
        return jwt.hmacSecret;
    QDir().mkpath(dataDir);
    QFile file(QDir(dataDir).filePath(QStringLiteral("jwt-secret")));
    if (file.exists() && file.open(QIODevice::ReadOnly)) {
        jwt.hmacSecret = file.readAll().trimmed();
    } else if (file.open(QIODevice::WriteOnly)) {
        QByteArray bytes(32, Qt::Uninitialized);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), 8);
        jwt.hmacSecret = bytes.toHex();
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        file.write(jwt.hmacSecret);
    }
    if (jwt.hmacSecret.isEmpty() && error)
        *error = QStringLiteral("no BOXOFFICE_JWT_SECRET and cannot keep one in %1").arg(dataDir);
    return jwt.hmacSecret;
}

} // namespace boxoffice::server
