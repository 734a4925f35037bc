// SPDX-License-Identifier: GPL-3.0-or-later
#include "jwt.h"

#include "pkey.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace boxoffice::server::auth {

namespace {

std::optional<QByteArray> fromBase64Url(QByteArrayView text)
{
    auto result = QByteArray::fromBase64Encoding(text.toByteArray(),
                                                 QByteArray::Base64UrlEncoding
                                                     | QByteArray::AbortOnBase64DecodingErrors);
    if (!result)
        return std::nullopt;
    return *result;
}

std::optional<QJsonObject> jsonObject(QByteArrayView part)
{
    const auto bytes = fromBase64Url(part);
    if (!bytes)
        return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(*bytes, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return document.object();
}

QByteArray hmacSha256(const QByteArray &key, QByteArrayView data)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(),
         key.constData(),
         int(key.size()),
         reinterpret_cast<const unsigned char *>(data.data()),
         size_t(data.size()),
         out,
         &length);
    return QByteArray(reinterpret_cast<const char *>(out), qsizetype(length));
}

// NumericDate claims must be numbers; a string or a missing value is not a time.
std::optional<qint64> numericDate(const QJsonObject &payload, const QString &name)
{
    const QJsonValue value = payload.value(name);
    // Whole seconds within +-2^53 (exact in a double): beyond qint64 a conversion is undefined,
    // and `exp + leeway` must not overflow.
    const double seconds = value.toDouble();
    if (!value.isDouble() || !(std::abs(seconds) <= 9007199254740992.0))
        return std::nullopt;
    return qint64(seconds);
}

bool audienceMatches(const QJsonValue &aud, const QString &expected)
{
    if (aud.isString())
        return aud.toString() == expected;
    if (aud.isArray()) {
        const QJsonArray list = aud.toArray();
        return std::any_of(list.begin(), list.end(), [&](const QJsonValue &v) {
            return v.toString() == expected;
        });
    }
    return false;
}

Verification fail(const QString &reason)
{
    return Verification{std::nullopt, reason};
}

} // namespace

QByteArray base64Url(const QByteArray &data)
{
    return data.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

JwtVerifier::JwtVerifier(const JwtConfig &config)
    : m_config(config)
{
    for (const QByteArray &pem : config.publicKeyPem) {
        QString error;
        auto key = PublicKey::fromPublicPem(pem, &error);
        if (key)
            m_keys.push_back(std::move(key));
        else
            m_configErrors.append(error);
    }
}

JwtVerifier::~JwtVerifier() = default;
JwtVerifier::JwtVerifier(JwtVerifier &&) noexcept = default;
JwtVerifier &JwtVerifier::operator=(JwtVerifier &&) noexcept = default;

bool JwtVerifier::verifySignature(const QString &alg,
                                  QByteArrayView input,
                                  const QByteArray &signature) const
{
    if (alg == u"HS256") {
        // An empty secret would make every HS256 token forgeable; the RSA public key is never
        // used as an HMAC secret (algorithm confusion), because only m_config.hmacSecret is.
        if (m_config.hmacSecret.isEmpty())
            return false;
        const QByteArray expected = hmacSha256(m_config.hmacSecret, input);
        return expected.size() == signature.size()
               && CRYPTO_memcmp(expected.constData(), signature.constData(), size_t(expected.size()))
                      == 0;
    }
    for (const auto &key : m_keys) {
        if (key->algorithm() == alg && key->verify(input, signature))
            return true;
    }
    return false;
}

Verification JwtVerifier::verify(QByteArrayView token,
                                 TokenType expected,
                                 const QDateTime &now) const
{
    if (token.size() > 16 * 1024)
        return fail(QStringLiteral("token too long"));
    const qsizetype firstDot = token.indexOf('.');
    const qsizetype lastDot = token.lastIndexOf('.');
    if (firstDot <= 0 || lastDot == firstDot
        || token.sliced(firstDot + 1, lastDot - firstDot - 1).contains('.'))
        return fail(QStringLiteral("not a compact JWS"));
    const auto header = jsonObject(token.first(firstDot));
    const auto payload = jsonObject(token.sliced(firstDot + 1, lastDot - firstDot - 1));
    const auto signature = fromBase64Url(token.sliced(lastDot + 1));
    if (!header || !payload || !signature)
        return fail(QStringLiteral("malformed token"));

    const QString alg = header->value(u"alg").toString();
    if (alg.isEmpty() || alg.compare(u"none", Qt::CaseInsensitive) == 0
        || !m_config.algorithms.contains(alg))
        return fail(QStringLiteral("algorithm not allowed: %1").arg(alg));
    if (header->contains(u"crit"))
        return fail(QStringLiteral("unsupported crit header"));
    if (!verifySignature(alg, token.first(lastDot), *signature))
        return fail(QStringLiteral("bad signature"));

    const qint64 nowSecs = now.toSecsSinceEpoch();
    const qint64 leeway = m_config.leewaySeconds;
    if (payload->value(u"iss").toString() != m_config.issuer)
        return fail(QStringLiteral("wrong issuer"));
    if (!audienceMatches(payload->value(u"aud"), m_config.audience))
        return fail(QStringLiteral("wrong audience"));
    const auto exp = numericDate(*payload, QStringLiteral("exp"));
    if (!exp)
        return fail(QStringLiteral("missing exp"));
    if (nowSecs > *exp + leeway)
        return fail(QStringLiteral("expired"));
    if (payload->contains(u"nbf")) {
        const auto nbf = numericDate(*payload, QStringLiteral("nbf"));
        if (!nbf || nowSecs + leeway < *nbf)
            return fail(QStringLiteral("not yet valid"));
    }
    const QJsonValue sub = payload->value(u"sub");
    if (!sub.isString() || sub.toString().isEmpty() || sub.toString().size() > 255)
        return fail(QStringLiteral("missing sub"));

    Claims claims;
    claims.subject = sub.toString();
    claims.expiresAt = QDateTime::fromSecsSinceEpoch(*exp, Qt::UTC);
    claims.payload = *payload;
    const QJsonValue typ = payload->value(u"typ");
    const bool admission = typ.toString() == u"admission";
    if (expected == TokenType::Access
        && (admission || (!typ.isUndefined() && typ.toString() != u"access")))
        return fail(QStringLiteral("not an access token"));
    if (expected == TokenType::Admission) {
        if (!admission)
            return fail(QStringLiteral("not an admission token"));
        claims.type = TokenType::Admission;
        claims.eventId = payload->value(u"event_id").toString().toLower();
        if (claims.eventId.isEmpty())
            return fail(QStringLiteral("admission token without event_id"));
    }
    if (payload->contains(u"role")) {
        const auto role = roleFromString(payload->value(u"role").toString());
        if (!role)
            return fail(QStringLiteral("unknown role"));
        claims.role = *role;
    }
    return Verification{claims, {}};
}

JwtSigner JwtSigner::hs256(const QByteArray &secret)
{
    JwtSigner signer;
    signer.m_alg = QStringLiteral("HS256");
    signer.m_secret = secret;
    return signer;
}

std::optional<JwtSigner> JwtSigner::fromPrivateKeyPem(const QByteArray &pem, QString *error)
{
    auto key = PublicKey::fromPrivatePem(pem, error);
    if (!key)
        return std::nullopt;
    JwtSigner signer;
    signer.m_alg = key->algorithm();
    signer.m_key = std::move(key);
    return signer;
}

JwtSigner::~JwtSigner() = default;
JwtSigner::JwtSigner(JwtSigner &&) noexcept = default;
JwtSigner &JwtSigner::operator=(JwtSigner &&) noexcept = default;

QByteArray JwtSigner::sign(const QJsonObject &payload, const QJsonObject &extraHeader) const
{
    QJsonObject header = extraHeader;
    if (!header.contains(u"alg"))
        header.insert(u"alg", m_alg);
    header.insert(u"typ", QStringLiteral("JWT"));
    const QByteArray input = base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
                             + base64Url(QJsonDocument(payload).toJson(QJsonDocument::Compact));
    const QByteArray signature = m_key ? m_key->sign(input) : hmacSha256(m_secret, input);
    return input + '.' + base64Url(signature);
}

QJsonObject accessClaims(const QString &subject,
                         Role role,
                         const QString &issuer,
                         const QString &audience,
                         qint64 ttlSeconds)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    return QJsonObject{{QStringLiteral("iss"), issuer},
                       {QStringLiteral("aud"), audience},
                       {QStringLiteral("sub"), subject},
                       {QStringLiteral("role"), roleName(role)},
                       {QStringLiteral("typ"), QStringLiteral("access")},
                       {QStringLiteral("iat"), double(now)},
                       {QStringLiteral("exp"), double(now + ttlSeconds)}};
}

QJsonObject admissionClaims(const QString &subject,
                            const QString &eventId,
                            const QString &issuer,
                            const QString &audience,
                            qint64 expiresAtSeconds)
{
    return QJsonObject{{QStringLiteral("iss"), issuer},
                       {QStringLiteral("aud"), audience},
                       {QStringLiteral("sub"), subject},
                       {QStringLiteral("typ"), QStringLiteral("admission")},
                       {QStringLiteral("event_id"), eventId},
                       {QStringLiteral("iat"), double(QDateTime::currentSecsSinceEpoch())},
                       {QStringLiteral("exp"), double(expiresAtSeconds)}};
}

} // namespace boxoffice::server::auth
