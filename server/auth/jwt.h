// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "role.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <memory>
#include <optional>

namespace boxoffice::server::auth {

class PublicKey;

/// Access tokens authenticate API calls; admission tokens let a queued user hold seats.
enum class TokenType { Access, Admission };

/// What the verifier accepts; built from BOXOFFICE_JWT_* configuration.
struct JwtConfig
{
    QByteArray hmacSecret;          ///< HS256 secret; empty disables HS256
    QList<QByteArray> publicKeyPem; ///< RSA (RS256) and Ed25519 (EdDSA) public keys
    QString issuer = QStringLiteral("boxoffice");
    QString audience = QStringLiteral("boxoffice-api");
    QStringList algorithms = {QStringLiteral("HS256"),
                              QStringLiteral("RS256"),
                              QStringLiteral("EdDSA")}; ///< allow-list
    int leewaySeconds = 60;
};

/// The verified claims of a token.
struct Claims
{
    QString subject;
    Role role = Role::Fan;
    TokenType type = TokenType::Access;
    QString eventId; ///< admission tokens only
    QDateTime expiresAt;
    QJsonObject payload;
};

/// Outcome of verification: claims, or a short reason (for logs, never for clients).
struct Verification
{
    std::optional<Claims> claims;
    QString error;
};

/// Verifies compact JWS tokens against an algorithm allow-list, keys and registered claims.
class JwtVerifier
{
public:
    explicit JwtVerifier(const JwtConfig &config);
    ~JwtVerifier();
    JwtVerifier(JwtVerifier &&) noexcept;
    JwtVerifier &operator=(JwtVerifier &&) noexcept;

    /// Problems found while loading keys (unreadable PEM, unsupported key type).
    QStringList configErrors() const { return m_configErrors; }

    /// Checks signature, `alg`, `iss`, `aud`, `exp`, `nbf`, `sub`, `typ` and `role`.
    Verification verify(QByteArrayView token,
                        TokenType expected,
                        const QDateTime &now = QDateTime::currentDateTimeUtc()) const;

private:
    bool verifySignature(const QString &alg, QByteArrayView input, const QByteArray &sig) const;

    JwtConfig m_config;
    std::vector<std::unique_ptr<PublicKey>> m_keys;
    QStringList m_configErrors;
};

/// Signs tokens with HS256 (secret) or with a PEM private key (RS256 for RSA, EdDSA for Ed25519).
class JwtSigner
{
public:
    static JwtSigner hs256(const QByteArray &secret);
    /// nullopt (and `error`) when the PEM is not an RSA or Ed25519 private key.
    static std::optional<JwtSigner> fromPrivateKeyPem(const QByteArray &pem, QString *error);
    ~JwtSigner();
    JwtSigner(JwtSigner &&) noexcept;
    JwtSigner &operator=(JwtSigner &&) noexcept;

    QString algorithm() const { return m_alg; }
    /// The compact token for `payload`; `header` entries are added to {alg, typ}.
    QByteArray sign(const QJsonObject &payload, const QJsonObject &header = {}) const;

private:
    JwtSigner() = default;
    QString m_alg;
    QByteArray m_secret;
    std::unique_ptr<PublicKey> m_key; // holds a private key when not HS256
};

/// Standard claims for an access token valid `ttlSeconds` from now.
QJsonObject accessClaims(const QString &subject,
                         Role role,
                         const QString &issuer,
                         const QString &audience,
                         qint64 ttlSeconds);
/// Standard claims for an admission token: `subject` may hold seats of `eventId` until
/// `expiresAtSeconds` (seconds since the epoch).
QJsonObject admissionClaims(const QString &subject,
                            const QString &eventId,
                            const QString &issuer,
                            const QString &audience,
                            qint64 expiresAtSeconds);

/// RFC 7515 base64url without padding.
QByteArray base64Url(const QByteArray &data);

} // namespace boxoffice::server::auth
