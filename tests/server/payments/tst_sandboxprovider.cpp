// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxfixture.h"

#include <payments/sandboxprovider.h>

#include <QAbstractEventDispatcher>
#include <QElapsedTimer>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <functional>

using namespace boxoffice::test;
using namespace boxoffice::server::payments;

// SandboxProvider (the server's client) against the real payment-sandbox process, called from
// QThreadPool workers that have no running event loop, as the server does.
class TstSandboxProvider : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<WebhookReceiver> m_receiver;
    SandboxProcess m_sandbox;

    SandboxProvider provider(int timeoutMs = 3000) const
    {
        return SandboxProvider({m_sandbox.baseUrl(), SandboxProcess::kApiKey, timeoutMs});
    }

    /// Runs `work` on a QThreadPool worker and waits while this thread keeps its loop going.
    static bool onWorker(const std::function<void()> &work, int timeoutMs = 10000)
    {
        std::atomic<bool> done = false;
        std::atomic<bool> noLoop = false;
        QThreadPool pool;
        pool.start([&] {
            noLoop = QThread::currentThread() != QCoreApplication::instance()->thread()
                     && QThread::currentThread()->loopLevel() == 0;
            work();
            done = true;
        });
        QElapsedTimer timer;
        timer.start();
        while (!done && timer.elapsed() < timeoutMs)
            QTest::qWait(5);
        pool.waitForDone();
        return done && noLoop;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_receiver = std::make_unique<WebhookReceiver>();
        QVERIFY(m_sandbox.start(m_receiver->url(), QString()));
    }

    void createConfirmGetRefundFromWorker()
    {
        std::optional<PaymentResult<Intent>> created, replayed, conflict, confirmed, fetched;
        std::optional<PaymentResult<Refund>> refunded, refundReplay;
        QVERIFY(onWorker([&] {
            SandboxProvider client = provider();
            created = client.createIntent("order-7", 1999, "EUR", "attempt-7");
            replayed = client.createIntent("order-7", 1999, "EUR", "attempt-7");
            conflict = client.createIntent("order-7", 2000, "EUR", "attempt-7");
            if (!created->ok())
                return;
            confirmed = client.confirmIntent(created->value().id, "4242424242424242");
            fetched = client.getIntent(created->value().id);
            refunded = client.refund(created->value().id, 999, "refund-7");
            refundReplay = client.refund(created->value().id, 999, "refund-7");
        }));
        QVERIFY(created->ok());
        const Intent &intent = created->value();
        QVERIFY(intent.id.startsWith("pi_"));
        QVERIFY(!intent.clientSecret.isEmpty());
        QCOMPARE(intent.status, IntentStatus::RequiresConfirmation);
        QCOMPARE(intent.amountCents, 1999);
        QCOMPARE(intent.orderId, QStringLiteral("order-7"));
        QVERIFY(replayed->ok());
        QCOMPARE(replayed->value().id, intent.id);
        QVERIFY(!conflict->ok());
        QCOMPARE(conflict->error().kind, PaymentErrorKind::Conflict);
        QCOMPARE(conflict->error().code, QStringLiteral("idempotency_conflict"));
        QVERIFY(confirmed->ok());
        QCOMPARE(confirmed->value().status, IntentStatus::Succeeded);
        QVERIFY(fetched->ok());
        QCOMPARE(fetched->value().status, IntentStatus::Succeeded);
        QVERIFY(refunded->ok());
        QVERIFY(refunded->value().id.startsWith("re_"));
        QCOMPARE(refunded->value().amountCents, 999);
        QCOMPARE(refunded->value().intentId, intent.id);
        QVERIFY(refundReplay->ok());
        QCOMPARE(refundReplay->value().id, refunded->value().id);
    }

    void definiteErrors()
    {
        std::optional<PaymentResult<Intent>> declined, missing, invalid, oddId;
        std::optional<PaymentResult<Refund>> notRefundable;
        QVERIFY(onWorker([&] {
            SandboxProvider client = provider();
            const auto intent = client.createIntent("order-8", 500, "EUR", {});
            if (!intent.ok())
                return;
            declined = client.confirmIntent(intent.value().id, "4000000000000002");
            missing = client.getIntent("pi_does_not_exist");
            oddId = client.getIntent("../refunds/x y%2F?z#");
            invalid = client.createIntent("order-8", 500, "euro", {});
            notRefundable = client.refund(intent.value().id, 100, {});
        }));
        QCOMPARE(declined->error().kind, PaymentErrorKind::Declined);
        QCOMPARE(declined->error().code, QStringLiteral("card_declined"));
        QCOMPARE(declined->error().httpStatus, 402);
        QCOMPARE(missing->error().kind, PaymentErrorKind::NotFound);
        QCOMPARE(oddId->error().kind, PaymentErrorKind::NotFound);
        QCOMPARE(invalid->error().kind, PaymentErrorKind::Invalid);
        QCOMPARE(invalid->error().httpStatus, 400);
        QVERIFY(!invalid->error().isUncertain());
        QCOMPARE(notRefundable->error().kind, PaymentErrorKind::Conflict);
    }

    void timeoutCardIsUncertainThenReconciles()
    {
        std::optional<PaymentResult<Intent>> created, confirmed;
        qint64 elapsedMs = 0;
        QVERIFY(onWorker([&] {
            SandboxProvider client = provider(500);
            created = client.createIntent("order-9", 700, "EUR", "attempt-9");
            if (!created->ok())
                return;
            QElapsedTimer timer;
            timer.start();
            confirmed = client.confirmIntent(created->value().id, "4000000000009995");
            elapsedMs = timer.elapsed();
        }));
        QVERIFY(created->ok());
        QVERIFY(!confirmed->ok());
        QVERIFY(confirmed->error().isUncertain());
        QCOMPARE(confirmed->error().code, QStringLiteral("timeout"));
        QVERIFY2(elapsedMs >= 450 && elapsedMs < 1400, qPrintable(QString::number(elapsedMs)));

        // The payment went through anyway: asking the provider later shows it (reconciler).
        const QString id = created->value().id;
        QTRY_COMPARE_WITH_TIMEOUT(provider().getIntent(id).value().status,
                                  IntentStatus::Succeeded,
                                  5000);
        QVERIFY(m_sandbox.isRunning());
    }

    void gatewayTimeoutIsUncertain()
    {
        // With a patient client the timeout card answers 504 itself: still uncertain.
        std::optional<PaymentResult<Intent>> confirmed;
        QVERIFY(onWorker([&] {
            SandboxProvider client = provider(5000);
            const auto intent = client.createIntent("order-10", 700, "EUR", {});
            if (intent.ok())
                confirmed = client.confirmIntent(intent.value().id, "4000000000009995");
        }));
        QVERIFY(confirmed && !confirmed->ok());
        QCOMPARE(confirmed->error().httpStatus, 504);
        QVERIFY(confirmed->error().isUncertain());
    }

    void serverErrorsAreUncertainAndRetrySafe()
    {
        QCOMPARE(m_sandbox.post(QStringLiteral("/control/fail_next_requests"), {{"count", 2}}).status,
                 200);
        std::optional<PaymentResult<Intent>> first, second, third, fourth;
        QVERIFY(onWorker([&] {
            SandboxProvider client = provider();
            first = client.createIntent("order-11", 300, "EUR", "attempt-11");
            second = client.createIntent("order-11", 300, "EUR", "attempt-11");
            third = client.createIntent("order-11", 300, "EUR", "attempt-11");
            fourth = client.createIntent("order-11", 300, "EUR", "attempt-11");
        }));
        QVERIFY(first->error().isUncertain());
        QCOMPARE(first->error().httpStatus, 500);
        QVERIFY(second->error().isUncertain());
        QVERIFY(third->ok());
        QVERIFY(fourth->ok());
        QCOMPARE(fourth->value().id, third->value().id);
    }

    void unreachableAndSilentProviders()
    {
        // Nothing listens: connection refused is uncertain too (we cannot know what happened).
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 closedPort = closed.serverPort();
        closed.close();
        // Accepts connections but never answers: the deadline must fire.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));

        std::optional<PaymentResult<Intent>> refused, hung, badUrl;
        qint64 hungMs = 0;
        QVERIFY(onWorker([&] {
            SandboxProvider down(
                {QUrl(QStringLiteral("http://127.0.0.1:%1").arg(closedPort)), "k", 2000});
            refused = down.getIntent("pi_1");
            SandboxProvider quiet(
                {QUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())), "k", 400});
            QElapsedTimer timer;
            timer.start();
            hung = quiet.getIntent("pi_1");
            hungMs = timer.elapsed();
            SandboxProvider nowhere({QUrl(QStringLiteral("not a url")), "k", 400});
            badUrl = nowhere.getIntent("pi_1");
        }));
        QCOMPARE(refused->error().kind, PaymentErrorKind::Uncertain);
        QCOMPARE(refused->error().code, QStringLiteral("network_error"));
        QCOMPARE(hung->error().kind, PaymentErrorKind::Uncertain);
        QCOMPARE(hung->error().code, QStringLiteral("timeout"));
        QVERIFY2(hungMs >= 350 && hungMs < 1500, qPrintable(QString::number(hungMs)));
        QVERIFY(!badUrl->ok());
    }

    void manyWorkersInParallel()
    {
        // Each call owns its connection: parallel workers must not interfere.
        constexpr int kCalls = 16;
        std::atomic<int> succeeded = 0;
        QThreadPool pool;
        pool.setMaxThreadCount(4);
        for (int i = 0; i < kCalls; ++i) {
            pool.start([&, i] {
                SandboxProvider client = provider();
                const auto intent = client.createIntent(QStringLiteral("order-p%1").arg(i),
                                                        100 + i,
                                                        "EUR",
                                                        QStringLiteral("parallel-%1").arg(i));
                if (intent.ok() && intent.value().amountCents == 100 + i)
                    ++succeeded;
            });
        }
        QTRY_VERIFY_WITH_TIMEOUT(pool.waitForDone(0), 10000);
        QCOMPARE(succeeded.load(), kCalls);
    }

    void cleanupTestCase() { m_sandbox.stop(); }
};

QTEST_GUILESS_MAIN(TstSandboxProvider)
#include "tst_sandboxprovider.moc"
