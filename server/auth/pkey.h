// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

using EVP_PKEY = struct evp_pkey_st;

namespace boxoffice::server::auth {

/// An OpenSSL key (public or private) with the JWS algorithm it signs for.
class PublicKey
{
public:
    enum class Kind { Rsa, Ed25519 };

    /// Parses a PEM public key; nullptr (and `error`) for unsupported or unreadable keys.
    static std::unique_ptr<PublicKey> fromPublicPem(const QByteArray &pem, QString *error);
    /// Parses a PEM private key.
    static std::unique_ptr<PublicKey> fromPrivatePem(const QByteArray &pem, QString *error);
    ~PublicKey();

    Kind kind() const { return m_kind; }
    /// "RS256" or "EdDSA".
    QString algorithm() const;
    bool verify(QByteArrayView input, const QByteArray &signature) const;
    QByteArray sign(QByteArrayView input) const;

private:
    PublicKey(EVP_PKEY *key, Kind kind);
    static std::unique_ptr<PublicKey> adopt(EVP_PKEY *key, QString *error);

    EVP_PKEY *m_key;
    Kind m_kind;
};

} // namespace boxoffice::server::auth
