// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketkeyring.h"

#include "auth/ticketkeys.h"
#include "commands.h"
#include "databasetarget.h"
#include "db/database.h"
#include "db/migrator.h"
#include "db/ticketrepository.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QLoggingCategory>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <QTextStream>

namespace boxoffice::server {

Q_LOGGING_CATEGORY(lcTicketKeys, "boxoffice.ticketkeys")

namespace {

db::StoredTicketKey makeKey(const QByteArray &wrappingKey)
{
    const auto pair = auth::TicketKeys::generate();
    const QString kid = QStringLiteral("tk-%1-%2")
                            .arg(QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd"))
                            .arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'));
    return {kid,
            pair.publicKey,
            auth::TicketKeys::seal(wrappingKey, pair.privateSeed, kid.toUtf8())};
}

} // namespace

QByteArray TicketKeyring::wrappingKey(const Config &config, QString *error)
{
    if (!config.ticketKeyFile.isEmpty()) {
        QFile file(config.ticketKeyFile);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read BOXOFFICE_TICKET_KEY_FILE %1: %2")
                         .arg(config.ticketKeyFile, file.errorString());
            return {};
        }
        const QByteArray bytes = file.readAll();
        if (bytes.trimmed().size() < 32) {
            *error = QStringLiteral("BOXOFFICE_TICKET_KEY_FILE %1 holds under 32 bytes")
                         .arg(config.ticketKeyFile);
            return {};
        }
        return QCryptographicHash::hash(bytes.trimmed(), QCryptographicHash::Sha256);
    }
    qCWarning(lcTicketKeys) << "BOXOFFICE_TICKET_KEY_FILE is unset: ticket keys are sealed with a"
                               " key derived from the JWT secret (fine for development only)";
    const QByteArray secret = config.ticketSecret.isEmpty() ? config.jwt.hmacSecret
                                                            : config.ticketSecret;
    return QMessageAuthenticationCode::hash("boxoffice ticket key wrapping",
                                            secret,
                                            QCryptographicHash::Sha256);
}

QByteArray TicketKeyring::legacySecret(const Config &config)
{
    return !config.ticketSecret.isEmpty()
               ? config.ticketSecret
               : QMessageAuthenticationCode::hash("boxoffice ticket codes",
                                                  config.jwt.hmacSecret,
                                                  QCryptographicHash::Sha256);
}

TicketKeyring::TicketKeyring(db::Database &database, QByteArray wrappingKey)
    : m_database(database)
    , m_wrappingKey(std::move(wrappingKey))
{}

void TicketKeyring::ensureKey()
{
    m_database.transact([&](db::Tx &tx) {
        db::TicketRepository::lockKeys(tx);
        if (db::TicketRepository::keys(tx).isEmpty())
            db::TicketRepository::insertKey(tx, makeKey(m_wrappingKey));
    });
}

QString TicketKeyring::rotate()
{
    const db::StoredTicketKey key = makeKey(m_wrappingKey);
    m_database.transact([&](db::Tx &tx) {
        db::TicketRepository::lockKeys(tx);
        db::TicketRepository::insertKey(tx, key);
    });
    return key.kid;
}

QList<domain::TicketKey> TicketKeyring::load() const
{
    QList<db::StoredTicketKey> stored;
    m_database.transact([&](db::Tx &tx) { stored = db::TicketRepository::keys(tx); });
    QList<domain::TicketKey> keys;
    for (const db::StoredTicketKey &key : std::as_const(stored)) {
        const auto seed = auth::TicketKeys::open(m_wrappingKey, key.sealedSeed, key.kid.toUtf8());
        if (!seed)
            qCWarning(lcTicketKeys) << "ticket key" << key.kid
                                    << "cannot be unsealed with this wrapping key: it verifies"
                                       " codes but signs none";
        keys.append({key.kid, key.publicKey, seed.value_or(QByteArray())});
    }
    return keys;
}

int runRotateTicketKey(Config config)
{
    DatabaseTarget target(config);
    if (!target.open())
        return 1;
    QString error;
    config.ensureJwtSecret(&error);
    const QByteArray wrapping = TicketKeyring::wrappingKey(config, &error);
    if (wrapping.isEmpty()) {
        QTextStream(stderr) << "boxoffice-server: " << error << "\n";
        return 2;
    }
    try {
        db::Migrator(target.url()).migrate();
        db::Database database(target.url(), 1);
        const QString kid = TicketKeyring(database, wrapping).rotate();
        QTextStream(stdout) << "rotate-ticket-key: new signing key " << kid
                            << " (running servers sign with it within seconds; older keys stay"
                               " published)\n";
        return 0;
    } catch (const std::exception &e) {
        QTextStream(stderr) << "boxoffice-server: rotate-ticket-key: " << e.what() << "\n";
        return 1;
    }
}

} // namespace boxoffice::server
