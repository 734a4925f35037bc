// SPDX-License-Identifier: GPL-3.0-or-later
#include <payments/webhooksignature.h>
#include <payments/webhookverifier.h>

#include <QMessageAuthenticationCode>
#include <QTest>

using boxoffice::server::payments::signWebhook;
using boxoffice::server::payments::webhookSignatureHeader;
using boxoffice::server::payments::WebhookVerifier;

namespace {
const QByteArray kSecret = "whsec_test_secret";
const QByteArray kBody = R"({"id":"evt_1","type":"payment.succeeded","data":{"intent_id":"pi_1",)"
                         R"("order_id":"o1","amount_cents":1500,"currency":"EUR"}})";
constexpr qint64 kNow = 1'800'000'000;
} // namespace

class TstWebhookVerifier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void signatureMatchesIndependentHmac()
    {
        // Qt's own HMAC as the reference: the OpenSSL helper must agree byte for byte.
        const QByteArray expected = QMessageAuthenticationCode::hash(QByteArray::number(kNow) + "."
                                                                         + kBody,
                                                                     kSecret,
                                                                     QCryptographicHash::Sha256)
                                        .toHex();
        QCOMPARE(signWebhook(kSecret, kNow, kBody), expected);
        QCOMPARE(webhookSignatureHeader(kSecret, kNow, kBody),
                 "t=" + QByteArray::number(kNow) + ",v1=" + expected);
    }

    void verify_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("expected");

        using R = WebhookVerifier::Result;
        const QByteArray good = webhookSignatureHeader(kSecret, kNow, kBody);
        const QByteArray goodMac = signWebhook(kSecret, kNow, kBody);
        const QByteArray t = "t=" + QByteArray::number(kNow);
        const QByteArray otherMac = signWebhook("another secret", kNow, kBody);

        QTest::newRow("valid") << good << kBody << int(R::Ok);
        QTest::newRow("spaces around parts") << t + ", v1=" + goodMac << kBody << int(R::Ok);
        QTest::newRow("upper-case hex") << t + ",v1=" + goodMac.toUpper() << kBody << int(R::Ok);
        QTest::newRow("tampered body")
            << good << QByteArray(kBody).replace("1500", "1") << int(R::BadSignature);
        QTest::newRow("empty body") << good << QByteArray() << int(R::BadSignature);
        QTest::newRow("wrong secret") << t + ",v1=" + otherMac << kBody << int(R::BadSignature);
        QTest::newRow("signature of another timestamp")
            << t + ",v1=" + signWebhook(kSecret, kNow - 1, kBody) << kBody << int(R::BadSignature);
        QTest::newRow("stale: 301 s old")
            << webhookSignatureHeader(kSecret, kNow - 301, kBody) << kBody << int(R::Stale);
        QTest::newRow("stale: 301 s ahead")
            << webhookSignatureHeader(kSecret, kNow + 301, kBody) << kBody << int(R::Stale);
        QTest::newRow("edge: 300 s old")
            << webhookSignatureHeader(kSecret, kNow - 300, kBody) << kBody << int(R::Ok);
        QTest::newRow("edge: 300 s ahead")
            << webhookSignatureHeader(kSecret, kNow + 300, kBody) << kBody << int(R::Ok);
        QTest::newRow("multiple v1, second good")
            << t + ",v1=" + otherMac + ",v1=" + goodMac << kBody << int(R::Ok);
        QTest::newRow("multiple v1, first good")
            << t + ",v1=" + goodMac + ",v1=" + otherMac << kBody << int(R::Ok);
        QTest::newRow("multiple v1, none good")
            << t + ",v1=" + otherMac + ",v1=" + otherMac << kBody << int(R::BadSignature);
        QTest::newRow("unknown scheme ignored")
            << t + ",v0=abc,v1=" + goodMac << kBody << int(R::Ok);
        QTest::newRow("only unknown scheme")
            << t + ",v0=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("empty") << QByteArray() << kBody << int(R::MalformedHeader);
        QTest::newRow("garbage") << QByteArray("garbage") << kBody << int(R::MalformedHeader);
        QTest::newRow("no timestamp") << "v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("no signature") << t << kBody << int(R::MalformedHeader);
        QTest::newRow("two timestamps")
            << t + "," + t + ",v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("timestamp not a number")
            << "t=12a,v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("negative timestamp")
            << "t=-5,v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("huge timestamp")
            << "t=99999999999999999999999,v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("empty timestamp") << ",v1=" + goodMac << kBody << int(R::MalformedHeader);
        QTest::newRow("v1 not hex")
            << t + ",v1=" + QByteArray(64, 'z') << kBody << int(R::MalformedHeader);
        QTest::newRow("v1 too short")
            << t + ",v1=" + goodMac.left(62) << kBody << int(R::MalformedHeader);
        QTest::newRow("v1 too long")
            << t + ",v1=" + goodMac + "00" << kBody << int(R::MalformedHeader);
        QTest::newRow("part without =") << t + ",v1" << kBody << int(R::MalformedHeader);
        QTest::newRow("oversized header") << t + ",v1=" + goodMac + "," + QByteArray(5000, 'x')
                                          << kBody << int(R::MalformedHeader);
    }

    void verify()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, body);
        QFETCH(int, expected);
        const WebhookVerifier verifier(kSecret);
        QCOMPARE(int(verifier.verify(header, body, kNow)), expected);
    }

    void emptySecretAcceptsNothing()
    {
        const WebhookVerifier verifier(QByteArray{});
        QCOMPARE(verifier.verify(webhookSignatureHeader({}, kNow, kBody), kBody, kNow),
                 WebhookVerifier::Result::BadSignature);
    }

    void currentTimeOverload()
    {
        const WebhookVerifier verifier(kSecret);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QCOMPARE(verifier.verify(webhookSignatureHeader(kSecret, now, kBody), kBody),
                 WebhookVerifier::Result::Ok);
        QCOMPARE(verifier.verify(webhookSignatureHeader(kSecret, now - 3600, kBody), kBody),
                 WebhookVerifier::Result::Stale);
    }

    void reasonCodes()
    {
        using R = WebhookVerifier::Result;
        QCOMPARE(WebhookVerifier::reasonCode(R::Ok), QStringLiteral("ok"));
        QCOMPARE(WebhookVerifier::reasonCode(R::MalformedHeader),
                 QStringLiteral("malformed_header"));
        QCOMPARE(WebhookVerifier::reasonCode(R::Stale), QStringLiteral("stale"));
        QCOMPARE(WebhookVerifier::reasonCode(R::BadSignature), QStringLiteral("bad_signature"));
    }
};

QTEST_GUILESS_MAIN(TstWebhookVerifier)
#include "tst_webhookverifier.moc"
