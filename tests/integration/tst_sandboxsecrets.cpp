#include "sandboxfixture.h"

#include <payments/blockinghttpclient.h>

#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace boxoffice::test;

// Issue 15, part of 13, the payment sandbox itself: no secret ships in the binary (started
// without one it makes its own and prints it; the old default key is refused), and an intent
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
        QVERIFY(sandbox.waitForStarted(5000));
        QByteArray out;
        QByteArray err;
        QElapsedTimer timer;
        timer.start();
        while (!out.contains("listening on") && timer.elapsed() < 10000) {
            sandbox.waitForReadyRead(100);
            out += sandbox.readAllStandardOutput();
            err += sandbox.readAllStandardError();
        }
        err += sandbox.readAllStandardError();
        const auto port = QRegularExpression(QStringLiteral("127\\.0\\.0\\.1:(\\d+)"))
                              .match(QString::fromLatin1(out))
                              .captured(1);
        QVERIFY2(!port.isEmpty(), out.constData());
        const auto key = QRegularExpression(
                             QStringLiteral("api-key given; this run's is (sk_test_[0-9a-f]+)"))
                             .match(QString::fromLatin1(err))
                             .captured(1);
        QVERIFY2(!key.isEmpty(), err.constData());
        QVERIFY(key != u"sk_test_sandbox");
        using boxoffice::server::payments::BlockingHttpClient;
        const QByteArray body = R"({"amount_cents":100,"currency":"EUR","order_id":"o"})";
        const QUrl url(QStringLiteral("http://127.0.0.1:%1/v1/payment_intents").arg(port));
        const auto oldDefault = BlockingHttpClient::send("POST",
                                                         url,
                                                         {{"Authorization",
                                                           "Bearer sk_test_sandbox"},
                                                          {"Content-Type", "application/json"}},
                                                         body,
                                                         5000);
        QCOMPARE(oldDefault.status, 401);
        const auto generated = BlockingHttpClient::send("POST",
                                                        url,
                                                        {{"Authorization",
                                                          "Bearer " + key.toLatin1()},
                                                         {"Content-Type", "application/json"}},
                                                        body,
                                                        5000);
        QCOMPARE(generated.status, 201);
        sandbox.kill();
        sandbox.waitForFinished(5000);
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
