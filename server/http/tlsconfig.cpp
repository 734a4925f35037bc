// SPDX-License-Identifier: GPL-3.0-or-later
#include "tlsconfig.h"

#include <QFile>
#include <QSslKey>

namespace boxoffice::server::http {

std::optional<QSslConfiguration> loadTlsConfiguration(const QString &certificatePath,
                                                      const QString &keyPath,
                                                      QString *error)
{
    if (certificatePath.isEmpty() || keyPath.isEmpty()) {
        *error = QStringLiteral("--tls-cert and --tls-key go together");
        return std::nullopt;
    }
    const QList<QSslCertificate> chain = QSslCertificate::fromPath(certificatePath, QSsl::Pem);
    if (chain.isEmpty()) {
        *error = QStringLiteral("no PEM certificate in %1").arg(certificatePath);
        return std::nullopt;
    }
    QFile file(keyPath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(keyPath);
        return std::nullopt;
    }
    const QByteArray pem = file.readAll();
    QSslKey key;
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        key = QSslKey(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            break;
    }
    if (key.isNull()) {
        *error = QStringLiteral("no unencrypted RSA or EC private key in %1").arg(keyPath);
        return std::nullopt;
    }
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setLocalCertificateChain(chain);
    configuration.setPrivateKey(key);
    configuration.setPeerVerifyMode(
        QSslSocket::VerifyNone); // clients are not asked for certificates
    return configuration;
}

} // namespace boxoffice::server::http
