// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/jwt.h"
#include "domain/error.h"
#include "http/authenticator.h"

#include <QTest>

#include <variant>

using namespace boxoffice::server;

// The Authenticator remembers verified access tokens (the queue join and the hold fast lane
// read the token on the event loop): a remembered token must still lapse at its `exp`, and no
// other token may ever pass for it.
class TestAuthenticator : public QObject
{
    Q_OBJECT
private:
    const QByteArray m_secret = "authenticator-test-secret";
    auth::JwtSigner m_signer = auth::JwtSigner::hs256(m_secret);

    static auth::JwtConfig config(const QByteArray &secret)
    {
        auth::JwtConfig config;
        config.hmacSecret = secret;
        config.leewaySeconds = 0; // so that expiry shows at once
        return config;
    }

    QByteArray token(const QString &subject, auth::Role role, qint64 ttlSeconds) const
    {
        return m_signer.sign(auth::accessClaims(subject,
                                                role,
                                                QStringLiteral("boxoffice"),
                                                QStringLiteral("boxoffice-api"),
                                                ttlSeconds));
    }

    static http::Request bearer(const QByteArray &token)
    {
        http::Request request;
        request.headers.append({QByteArrayLiteral("Authorization"), "Bearer " + token});
        return request;
    }

    // The caller, or the error's status.
    static std::variant<domain::Principal, int> caller(const http::Authenticator &authenticator,
                                                       const QByteArray &token)
    {
        try {
            return authenticator.authenticate(bearer(token));
        } catch (const domain::Error &error) {
            return domain::errorStatus(error.code());
        }
    }

private Q_SLOTS:
    void rememberedTokenStillExpires()
    {
        const auth::JwtVerifier verifier(config(m_secret));
        const http::Authenticator authenticator(verifier);
        // `exp` is in whole seconds: the token lives one to two seconds.
        const QByteArray shortLived = token(QStringLiteral("brief"), auth::Role::Fan, 2);
        for (int i = 0; i < 3; ++i) { // verified once, then remembered
            const auto first = caller(authenticator, shortLived);
            QVERIFY(std::holds_alternative<domain::Principal>(first));
            QCOMPARE(std::get<domain::Principal>(first).subject, QStringLiteral("brief"));
        }
        QTRY_COMPARE_WITH_TIMEOUT(std::holds_alternative<int>(caller(authenticator, shortLived)),
                                  true,
                                  4000);
        QCOMPARE(std::get<int>(caller(authenticator, shortLived)), 401);
    }

    void otherTokensAreNotConfused()
    {
        const auth::JwtVerifier verifier(config(m_secret));
        const http::Authenticator authenticator(verifier);
        const QByteArray fan = token(QStringLiteral("ana"), auth::Role::Fan, 600);
        const QByteArray clerk = token(QStringLiteral("ben"), auth::Role::Clerk, 600);
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, fan)).subject,
                 QStringLiteral("ana"));
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, clerk)).subject,
                 QStringLiteral("ben"));
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, clerk)).role, auth::Role::Clerk);
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, fan)).role, auth::Role::Fan);
        // Near misses of a remembered token: another signature, a byte more or less, another
        // secret's token with the same claims.
        QByteArray forged = fan;
        forged[forged.size() - 2] = forged[forged.size() - 2] == 'A' ? 'B' : 'A';
        QCOMPARE(std::get<int>(caller(authenticator, forged)), 401);
        QCOMPARE(std::get<int>(caller(authenticator, fan + "A")), 401);
        QCOMPARE(std::get<int>(caller(authenticator, fan.chopped(1))), 401);
        const QByteArray foreign = auth::JwtSigner::hs256("another-secret")
                                       .sign(auth::accessClaims(QStringLiteral("ana"),
                                                                auth::Role::Fan,
                                                                QStringLiteral("boxoffice"),
                                                                QStringLiteral("boxoffice-api"),
                                                                600));
        QCOMPARE(std::get<int>(caller(authenticator, foreign)), 401);
        // The genuine one still works.
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, fan)).subject,
                 QStringLiteral("ana"));
    }

    void refusalsAreNotRemembered()
    {
        // Not valid yet (`nbf` one to two seconds ahead): refused, and accepted by the same
        // Authenticator once it is valid, so a refusal is never remembered.
        const auth::JwtVerifier verifier(config(m_secret));
        const http::Authenticator authenticator(verifier);
        QJsonObject claims = auth::accessClaims(QStringLiteral("cy"),
                                                auth::Role::Fan,
                                                QStringLiteral("boxoffice"),
                                                QStringLiteral("boxoffice-api"),
                                                600);
        claims.insert(QStringLiteral("nbf"), double(QDateTime::currentSecsSinceEpoch() + 2));
        const QByteArray early = m_signer.sign(claims);
        QCOMPARE(std::get<int>(caller(authenticator, early)), 401);
        QTRY_COMPARE_WITH_TIMEOUT(std::holds_alternative<domain::Principal>(
                                      caller(authenticator, early)),
                                  true,
                                  4000);
        QCOMPARE(std::get<domain::Principal>(caller(authenticator, early)).subject,
                 QStringLiteral("cy"));
        // An admission token is never an access token, remembered or not.
        const QByteArray admission = m_signer.sign(
            QJsonObject{{QStringLiteral("iss"), QStringLiteral("boxoffice")},
                        {QStringLiteral("aud"), QStringLiteral("boxoffice-api")},
                        {QStringLiteral("sub"), QStringLiteral("cy")},
                        {QStringLiteral("typ"), QStringLiteral("admission")},
                        {QStringLiteral("event_id"), QStringLiteral("e")},
                        {QStringLiteral("exp"), double(QDateTime::currentSecsSinceEpoch() + 600)}});
        QCOMPARE(std::get<int>(caller(authenticator, admission)), 401);
        QCOMPARE(std::get<int>(caller(authenticator, admission)), 401);
    }
};

QTEST_GUILESS_MAIN(TestAuthenticator)
#include "tst_authenticator.moc"
