// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/jwt.h"
#include "testkeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace boxoffice::server::auth;
namespace keys = boxoffice::test::keys;

namespace {

const QByteArray kSecret = "unit-test-secret";

JwtConfig config()
{
    JwtConfig c;
    c.hmacSecret = kSecret;
    c.publicKeyPem = {keys::kRsaPublic, keys::kEd25519Public};
    return c;
}

QJsonObject claims(qint64 expOffset = 300)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    return QJsonObject{{QStringLiteral("iss"), QStringLiteral("boxoffice")},
                       {QStringLiteral("aud"), QStringLiteral("boxoffice-api")},
                       {QStringLiteral("sub"), QStringLiteral("alice")},
                       {QStringLiteral("role"), QStringLiteral("clerk")},
                       {QStringLiteral("exp"), double(now + expOffset)}};
}

QByteArray withClaim(QJsonObject payload, const QString &name, const QJsonValue &value)
{
    if (value.isUndefined())
        payload.remove(name);
    else
        payload.insert(name, value);
    return JwtSigner::hs256(kSecret).sign(payload);
}

// A token whose header and signature are written by hand (for alg games).
QByteArray handmade(const QJsonObject &header,
                    const QJsonObject &payload,
                    const QByteArray &signature)
{
    return base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
           + base64Url(QJsonDocument(payload).toJson(QJsonDocument::Compact)) + '.'
           + base64Url(signature);
}

JwtSigner signerFor(const char *pem)
{
    QString error;
    auto signer = JwtSigner::fromPrivateKeyPem(pem, &error);
    if (!signer)
        qFatal("test key does not load: %s", qPrintable(error));
    return std::move(*signer);
}

} // namespace

class TestJwt : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keysLoad()
    {
        JwtVerifier verifier(config());
        QVERIFY2(verifier.configErrors().isEmpty(), qPrintable(verifier.configErrors().join(u"; ")));
        JwtConfig broken = config();
        broken.publicKeyPem.append("not a pem");
        QCOMPARE(JwtVerifier(broken).configErrors().size(), 1);
    }

    void acceptsEachAlgorithm_data()
    {
        QTest::addColumn<QString>("alg");
        QTest::newRow("HS256") << QStringLiteral("HS256");
        QTest::newRow("RS256") << QStringLiteral("RS256");
        QTest::newRow("EdDSA") << QStringLiteral("EdDSA");
    }
    void acceptsEachAlgorithm()
    {
        QFETCH(QString, alg);
        const JwtSigner signer = alg == u"HS256"   ? JwtSigner::hs256(kSecret)
                                 : alg == u"RS256" ? signerFor(keys::kRsaPrivate)
                                                   : signerFor(keys::kEd25519Private);
        QCOMPARE(signer.algorithm(), alg);
        const auto result = JwtVerifier(config()).verify(signer.sign(claims()), TokenType::Access);
        QVERIFY2(result.claims, qPrintable(result.error));
        QCOMPARE(result.claims->subject, QStringLiteral("alice"));
        QCOMPARE(result.claims->role, Role::Clerk);
    }

    void refuses_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QString>("reason");
        const QJsonObject good = claims();
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QByteArray tampered = JwtSigner::hs256(kSecret).sign(good);
        tampered[tampered.size() - 3] = tampered[tampered.size() - 3] == 'A' ? 'B' : 'A';
        QTest::newRow("bad signature") << tampered << "bad signature";
        QTest::newRow("other secret") << JwtSigner::hs256("other").sign(good) << "bad signature";
        QTest::newRow("other RSA key")
            << signerFor(keys::kOtherRsaPrivate).sign(good) << "bad signature";
        QTest::newRow("wrong iss") << withClaim(good, "iss", "evil") << "wrong issuer";
        QTest::newRow("missing iss")
            << withClaim(good, "iss", QJsonValue::Undefined) << "wrong issuer";
        QTest::newRow("wrong aud") << withClaim(good, "aud", "other-api") << "wrong audience";
        QTest::newRow("aud list without ours")
            << withClaim(good,
                         "aud",
                         QJsonArray::fromStringList({QStringLiteral("a"), QStringLiteral("b")}))
            << "wrong audience";
        QTest::newRow("expired beyond leeway")
            << withClaim(good, "exp", double(now - 61)) << "expired";
        QTest::newRow("missing exp")
            << withClaim(good, "exp", QJsonValue::Undefined) << "missing exp";
        QTest::newRow("exp as string")
            << withClaim(good, "exp", QString::number(now + 100)) << "missing exp";
        QTest::newRow("nbf in future")
            << withClaim(good, "nbf", double(now + 120)) << "not yet valid";
        QTest::newRow("missing sub")
            << withClaim(good, "sub", QJsonValue::Undefined) << "missing sub";
        QTest::newRow("empty sub") << withClaim(good, "sub", "") << "missing sub";
        QTest::newRow("unknown role") << withClaim(good, "role", "superuser") << "unknown role";
        QTest::newRow("admission as access")
            << withClaim(good, "typ", "admission") << "not an access token";
        QTest::newRow("alg none") << handmade({{"alg", "none"}, {"typ", "JWT"}}, good, {})
                                  << "algorithm not allowed: none";
        QTest::newRow("alg NONE") << handmade({{"alg", "NONE"}}, good, {})
                                  << "algorithm not allowed: NONE";
        QTest::newRow("alg HS512")
            << handmade({{"alg", "HS512"}}, good, "x") << "algorithm not allowed: HS512";
        // Algorithm confusion: an HS256 token whose HMAC key is the server's RSA public key.
        const QByteArray confused = JwtSigner::hs256(keys::kRsaPublic).sign(good);
        QTest::newRow("HS256 with RSA public key as secret") << confused << "bad signature";
        QTest::newRow("garbage") << QByteArray("not.a.token") << "malformed token";
        QTest::newRow("two parts") << QByteArray("abc.def") << "not a compact JWS";
        QTest::newRow("four parts") << QByteArray("a.b.c.d") << "not a compact JWS";
        QTest::newRow("empty") << QByteArray() << "not a compact JWS";
    }
    void refuses()
    {
        QFETCH(QByteArray, token);
        QFETCH(QString, reason);
        const auto result = JwtVerifier(config()).verify(token, TokenType::Access);
        QVERIFY(!result.claims);
        QCOMPARE(result.error, reason);
    }

    void leewayAcceptsSlightlyExpiredAndEarly()
    {
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        JwtVerifier verifier(config());
        QVERIFY(
            verifier.verify(withClaim(claims(), "exp", double(now - 30)), TokenType::Access).claims);
        QVERIFY(
            verifier.verify(withClaim(claims(), "nbf", double(now + 30)), TokenType::Access).claims);
    }

    void allowListIsHonoured()
    {
        JwtConfig onlyRsa = config();
        onlyRsa.algorithms = {QStringLiteral("RS256")};
        JwtVerifier verifier(onlyRsa);
        QVERIFY(
            !verifier.verify(JwtSigner::hs256(kSecret).sign(claims()), TokenType::Access).claims);
        QVERIFY(
            verifier.verify(signerFor(keys::kRsaPrivate).sign(claims()), TokenType::Access).claims);
        // An Ed25519 signature announced as RS256 does not verify with any RSA key.
        QVERIFY(!verifier
                     .verify(signerFor(keys::kEd25519Private).sign(claims(), {{"alg", "RS256"}}),
                             TokenType::Access)
                     .claims);
    }

    void emptySecretDisablesHs256()
    {
        JwtConfig noSecret = config();
        noSecret.hmacSecret.clear();
        QVERIFY(!JwtVerifier(noSecret)
                     .verify(JwtSigner::hs256({}).sign(claims()), TokenType::Access)
                     .claims);
    }

    void admissionTokensAreSeparate()
    {
        QJsonObject admission = claims();
        admission.insert(QStringLiteral("typ"), QStringLiteral("admission"));
        admission.insert(QStringLiteral("event_id"), QStringLiteral("e1"));
        const QByteArray token = JwtSigner::hs256(kSecret).sign(admission);
        JwtVerifier verifier(config());
        QVERIFY(!verifier.verify(token, TokenType::Access).claims);
        const auto ok = verifier.verify(token, TokenType::Admission);
        QVERIFY2(ok.claims, qPrintable(ok.error));
        QCOMPARE(ok.claims->eventId, QStringLiteral("e1"));
        // And an access token is never an admission token.
        QVERIFY(
            !verifier.verify(JwtSigner::hs256(kSecret).sign(claims()), TokenType::Admission).claims);
    }

    void issuedAccessClaimsVerify()
    {
        const QByteArray token = JwtSigner::hs256(kSecret).sign(
            accessClaims(QStringLiteral("bob"),
                         Role::Manager,
                         QStringLiteral("boxoffice"),
                         QStringLiteral("boxoffice-api"),
                         60));
        const auto result = JwtVerifier(config()).verify(token, TokenType::Access);
        QVERIFY2(result.claims, qPrintable(result.error));
        QCOMPARE(result.claims->role, Role::Manager);
    }

    void rolesOrder()
    {
        QVERIFY(hasRole(Role::Admin, Role::Manager));
        QVERIFY(hasRole(Role::Manager, Role::Clerk));
        QVERIFY(!hasRole(Role::Clerk, Role::Manager));
        QVERIFY(!hasRole(Role::Fan, Role::Clerk));
        QCOMPARE(roleFromString(u"admin"), Role::Admin);
        QVERIFY(!roleFromString(u"root"));
    }
};

QTEST_GUILESS_MAIN(TestJwt)
#include "tst_jwt.moc"
