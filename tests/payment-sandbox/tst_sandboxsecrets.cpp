// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxfixture.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTest>

using namespace boxoffice::test;

// Issue 15, part of 13, the payment sandbox itself: no secret ships in the binary (started
// without its secrets it refuses to start), and an intent
// can be cancelled so that nobody confirms it any more.
class TestSandboxSecrets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void noDefaultSecrets()
    {
        QProcess sandbox;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("PAYMENT_SANDBOX_API_KEY"));
        env.remove(QStringLiteral("PAYMENT_SANDBOX_WEBHOOK_SECRET"));
        sandbox.setProcessEnvironment(env);
        sandbox.start(QStringLiteral(PAYMENT_SANDBOX_BIN),
                      {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QVERIFY(sandbox.waitForFinished(10000));
        QCOMPARE(sandbox.exitCode(), 2);
        QVERIFY(sandbox.readAllStandardError().contains("are required"));
    }

    void cancelledIntentCannotBeConfirmed()
    {
        WebhookReceiver receiver;
        SandboxProcess sandbox;
        QVERIFY(sandbox.start(receiver.url(), {}));
        const QString intent = sandbox.createIntent(2500);
        QVERIFY(!intent.isEmpty());
        const QString cancel = QStringLiteral("/v1/payment_intents/%1/cancel").arg(intent);
        const auto cancelled = sandbox.post(cancel, {});
        QCOMPARE(cancelled.status, 200);
        QCOMPARE(cancelled.json.value(u"status").toString(), QStringLiteral("cancelled"));
        QCOMPARE(sandbox.post(cancel, {}).status, 200); // again: the same
        const auto confirm
            = sandbox.post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(intent),
                           {{QStringLiteral("card_number"), QStringLiteral("4242424242424242")}});
        QCOMPARE(confirm.status, 409);
        QCOMPARE(sandbox.request("POST", cancel, "{}", {}, false).status, 401); // needs the key
        // A paid intent is not cancelled.
        const QString paid = sandbox.createIntent(2500);
        QCOMPARE(sandbox
                     .post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(paid),
                           {{QStringLiteral("card_number"), QStringLiteral("4242424242424242")}})
                     .status,
                 200);
        QCOMPARE(sandbox.post(QStringLiteral("/v1/payment_intents/%1/cancel").arg(paid), {}).status,
                 409);
    }
};

QTEST_GUILESS_MAIN(TestSandboxSecrets)
#include "tst_sandboxsecrets.moc"
