// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"
#include "databasetarget.h"

#include "auth/jwt.h"
#include "db/database.h"
#include "db/migrator.h"
#include "domain/userservice.h"

#include <QFile>
#include <QTextStream>

namespace boxoffice::server {

namespace {

int fail(const QString &message)
{
    QTextStream(stderr) << "boxoffice-server: " << message << "\n";
    return 2;
}

std::optional<auth::JwtSigner> makeSigner(Config &config, QString *error)
{
    if (!config.jwtPrivateKeyPem.isEmpty())
        return auth::JwtSigner::fromPrivateKeyPem(config.jwtPrivateKeyPem, error);
    const QByteArray secret = config.ensureJwtSecret(error);
    if (secret.isEmpty())
        return std::nullopt;
    return auth::JwtSigner::hs256(secret);
}

} // namespace

int runCreateUser(Config config, const QCommandLineParser &parser)
{
    const QString username = parser.value(QStringLiteral("username"));
    const QString role = parser.value(QStringLiteral("role"));
    QByteArray password;
    if (parser.isSet(QStringLiteral("password-stdin"))) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return fail(QStringLiteral("cannot read the password from stdin"));
        password = in.readLine().trimmed();
    } else {
        password = parser.value(QStringLiteral("password")).toUtf8();
    }
    if (username.isEmpty() || role.isEmpty() || password.isEmpty())
        return fail(QStringLiteral(
            "create-user needs --username, --role and --password or --password-stdin"));
    DatabaseTarget target(config);
    if (!target.open())
        return 1;
    try {
        db::Migrator(target.url()).migrate();
        db::Database database(target.url(), 1);
        QString error;
        const auto signer = makeSigner(config, &error);
        if (!signer)
            return fail(error);
        domain::UserService users(database, *signer, {});
        users.createUser(username, password, role);
        QTextStream(stdout) << "create-user: " << username << " (" << role << ")\n";
        return 0;
    } catch (const domain::Error &error) {
        return fail(error.detail());
    } catch (const std::exception &error) {
        QTextStream(stderr) << "boxoffice-server: create-user failed: " << error.what() << "\n";
        return 1;
    }
}

int runIssueToken(Config config, const QCommandLineParser &parser)
{
    const QString subject = parser.value(QStringLiteral("sub"));
    const auto role = auth::roleFromString(parser.value(QStringLiteral("role")).isEmpty()
                                               ? QStringLiteral("fan")
                                               : parser.value(QStringLiteral("role")));
    if (subject.isEmpty() || subject.size() > 255)
        return fail(QStringLiteral("issue-token needs --sub"));
    if (!role)
        return fail(QStringLiteral("--role must be fan, door, clerk, manager or admin"));
    qint64 ttl = config.tokenTtlSeconds;
    if (parser.isSet(QStringLiteral("ttl"))) {
        bool ok = false;
        ttl = parser.value(QStringLiteral("ttl")).toLongLong(&ok);
        if (!ok || ttl < 1 || ttl > 86400LL * 365)
            return fail(QStringLiteral("--ttl must be 1-31536000 seconds"));
    }
    QString error;
    const auto signer = makeSigner(config, &error);
    if (!signer)
        return fail(error);
    QTextStream(stdout) << signer->sign(
        auth::accessClaims(subject, *role, config.jwt.issuer, config.jwt.audience, ttl))
                        << "\n";
    return 0;
}

} // namespace boxoffice::server
