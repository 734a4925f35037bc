// SPDX-License-Identifier: GPL-3.0-or-later
#include "linktoken.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

namespace boxoffice::server::domain {

namespace {

qint64 envSeconds(const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 value = qEnvironmentVariable(name).toLongLong(&ok);
    return ok && value >= 0 ? value : fallback;
}

} // namespace

LinkToken LinkToken::generate()
{
    QByteArray random(32, Qt::Uninitialized);
    // The system generator: the operating system's cryptographic source.
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / int(sizeof(quint32)));
    const QString token = QString::fromLatin1(
        random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    return LinkToken{token, hashOf(token)};
}

QByteArray LinkToken::hashOf(const QString &token)
{
    return QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256);
}

LinkSettings LinkSettings::fromEnvironment()
{
    LinkSettings s;
    s.verifySeconds = envSeconds("BOXOFFICE_VERIFY_LINK_SECONDS", s.verifySeconds);
    s.resetSeconds = envSeconds("BOXOFFICE_RESET_LINK_SECONDS", s.resetSeconds);
    s.cooldownSeconds = envSeconds("BOXOFFICE_LINK_COOLDOWN_SECONDS", s.cooldownSeconds);
    s.transferSeconds = envSeconds("BOXOFFICE_TRANSFER_LINK_SECONDS", s.transferSeconds);
    return s;
}

} // namespace boxoffice::server::domain
