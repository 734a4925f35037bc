// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/jwt.h"
#include "domain/invoices.h"
#include "realtimeconfig.h"

#include <QCommandLineParser>
#include <QString>

namespace boxoffice::server {

/// Everything the server reads from flags and BOXOFFICE_* variables (a flag wins).
struct Config
{
    QString listen = QStringLiteral("127.0.0.1:8080");
    QString databaseUrl;    ///< empty: run an embedded PostgreSQL under dataDir
    QString redisUrl;       ///< empty: embedded Redis (later issue)
    QString redisSentinels; ///< BOXOFFICE_REDIS_SENTINELS host:port,...: find Redis through them
    QByteArray redisMaster = "boxoffice"; ///< BOXOFFICE_REDIS_MASTER: the Sentinels' master name
    QString dataDir = QStringLiteral("./var");
    QString tlsCert;
    QString tlsKey;
    QString paymentUrl;
    QString paymentPageUrl; ///< the sandbox as browsers reach it; empty: paymentUrl
    QString webDir;         ///< the web shop's files (see defaultWebDir())
    /// Who sells, on every invoice: BOXOFFICE_SELLER_NAME, _ADDRESS, _VAT.
    domain::Seller seller{QStringLiteral("Box office"), QString(), QString()};
    QByteArray paymentWebhookSecret;
    QByteArray paymentApiKey = "sk_test_sandbox";
    int paymentWindowSeconds = 900; ///< a hold is extended this far when payment starts
    int paymentTimeoutMs = 10000;   ///< per provider call; past it the attempt is uncertain
    int reconcileIntervalMs = 5000; ///< reconciler and compensation worker period
    int reconcileAfterSeconds = 60; ///< an attempt pending this long is asked about
    QByteArray ticketSecret;        ///< BOXOFFICE_TICKET_SECRET; empty: derived from the JWT secret
    QString ticketKeyFile;          ///< BOXOFFICE_TICKET_KEY_FILE: seals the ticket signing keys
    int holdSeconds = 600;
    QString defaultTimeZone = QStringLiteral("UTC"); ///< for venues uploaded without one
    int dbPoolSize = 16;
    qint64 bodyLimit = 1024 * 1024;
    int sweepIntervalMs = 2000;
    RealtimeConfig realtime;
    qint64 tokenTtlSeconds = 3600;
    QByteArray jwtPrivateKeyPem; ///< optional RS256/EdDSA signing key
    auth::JwtConfig jwt;
    QString configFile;         ///< --config / BOXOFFICE_CONFIG, if any
    QStringList configWarnings; ///< its doubtful lines (unknown settings), for check-config

    /// Adds the shared options to `parser` (called before parsing).
    static void addOptions(QCommandLineParser &parser);
    /// The environment variables, for --help.
    static QString environmentHelp();
    /// Reads the environment, then the parsed flags; `error` set on invalid values.
    static Config load(const QCommandLineParser &parser, QString *error);
    /// The build's web/dist when it exists, else where the package installs the shop.
    static QString defaultWebDir();
    /// Splits `listen` into host and port.
    bool listenAddress(QString *host, quint16 *port) const;
    /// The HS256 secret: BOXOFFICE_JWT_SECRET, or one kept in dataDir/jwt-secret (made on first
    /// use) so that `issue-token` and `serve` on the same data directory agree.
    QByteArray ensureJwtSecret(QString *error);
};

} // namespace boxoffice::server
