// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/jwt.h"
#include "serverprocess.h"
#include "testenv.h"
#include "testkeys.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::test;
using boxoffice::server::auth::JwtSigner;

// RS256 and EdDSA keys from BOXOFFICE_JWT_PUBLIC_KEYS, the algorithm allow-list and algorithm
// confusion, over HTTP against a real server.
class TestAuthKeys : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString writeKey(const QString &name, const char *pem)
    {
        QFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(pem);
        return file.fileName();
    }

    static QJsonObject claims()
    {
        return boxoffice::server::auth::accessClaims(QStringLiteral("key-user"),
                                                     boxoffice::server::auth::Role::Fan,
                                                     QStringLiteral("boxoffice"),
                                                     QStringLiteral("boxoffice-api"),
                                                     300);
    }

    static JwtSigner signer(const char *pem)
    {
        QString error;
        auto made = JwtSigner::fromPrivateKeyPem(pem, &error);
        if (!made)
            qFatal("test key: %s", qPrintable(error));
        return std::move(*made);
    }

    // 404 means "authenticated, no such hold"; 401 means the token was refused.
    static int statusWith(const ServerProcess &server, const QByteArray &token)
    {
        return server.client().get("/holds/00000000-0000-0000-0000-000000000000", token).status;
    }

private Q_SLOTS:
    void publicKeysAndConfusion()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        const QString keys = writeKey(QStringLiteral("rsa.pub"), keys::kRsaPublic) + u','
                             + writeKey(QStringLiteral("ed.pub"), keys::kEd25519Public);
        ServerProcess server(url, {}, {{QStringLiteral("BOXOFFICE_JWT_PUBLIC_KEYS"), keys}});
        QVERIFY2(server.isRunning(), server.log().constData());
        QCOMPARE(statusWith(server, signer(keys::kRsaPrivate).sign(claims())), 404);
        QCOMPARE(statusWith(server, signer(keys::kEd25519Private).sign(claims())), 404);
        QCOMPARE(statusWith(server, testToken(QStringLiteral("hs-user"))), 404);
        QCOMPARE(statusWith(server, signer(keys::kOtherRsaPrivate).sign(claims())), 401);
        // HS256 "signed" with the server's RSA public key as the HMAC secret.
        QCOMPARE(statusWith(server, JwtSigner::hs256(keys::kRsaPublic).sign(claims())), 401);
        // An Ed25519 signature labelled RS256.
        QCOMPARE(statusWith(server,
                            signer(keys::kEd25519Private)
                                .sign(claims(), {{QStringLiteral("alg"), QStringLiteral("RS256")}})),
                 401);
    }

    void allowListFromConfiguration()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ServerProcess server(url,
                             {},
                             {{QStringLiteral("BOXOFFICE_JWT_PUBLIC_KEYS"),
                               writeKey(QStringLiteral("rsa2.pub"), keys::kRsaPublic)},
                              {QStringLiteral("BOXOFFICE_JWT_ALGORITHMS"), QStringLiteral("RS256")},
                              {QStringLiteral("BOXOFFICE_JWT_ISSUER"),
                               QStringLiteral("boxoffice")}});
        QVERIFY2(server.isRunning(), server.log().constData());
        QCOMPARE(statusWith(server, signer(keys::kRsaPrivate).sign(claims())), 404);
        QCOMPARE(statusWith(server, testToken(QStringLiteral("hs-user"))), 401); // HS256 not allowed
    }
};

QTEST_GUILESS_MAIN(TestAuthKeys)
#include "tst_authkeys.moc"
