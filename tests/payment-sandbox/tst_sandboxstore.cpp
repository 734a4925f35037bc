// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxstore.h"
#include "statedatabase.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>

#include <sys/wait.h>
#include <unistd.h>

using namespace boxoffice::sandbox;

namespace {

RefundRecord refundRecord(const QString &id)
{
    return {id, QStringLiteral("pi_1"), 100, QStringLiteral("EUR"), QStringLiteral("succeeded"), 1};
}

IntentRecord intentRecord(const QString &id)
{
    IntentRecord intent;
    intent.id = id;
    intent.clientSecret = id + QStringLiteral("_secret_x");
    intent.status = QStringLiteral("requires_confirmation");
    intent.amountCents = 2500;
    intent.currency = QStringLiteral("EUR");
    intent.orderId = QStringLiteral("order-1");
    intent.metadata = {{QStringLiteral("return_url"), QStringLiteral("http://127.0.0.1/back")}};
    intent.created = 1700000000;
    return intent;
}

// Runs `work` on a store of `path` in a child process that then dies of SIGKILL: nothing the
// process would do on a normal exit happens.
bool killedAfter(const QString &path, const std::function<void(SandboxStore &)> &work)
{
    const pid_t child = fork();
    if (child == 0) {
        SandboxStore store(path);
        QString error;
        if (!store.open(&error))
            _exit(1);
        work(store);
        raise(SIGKILL);
        _exit(2);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

} // namespace

// The sandbox's state database: what save() wrote is there after a SIGKILL, an idempotent
// request's effect and its key reach the disk in one write (a SIGKILL between two writes once
// left a refund without its key), and an old JSON state file is migrated.
class TestSandboxStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void deferredSavesWriteOnceAtTheEnd()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.db"));
        // Killed while the deferral lives: the refund saved inside it is not on disk.
        QVERIFY(killedAfter(path, [](SandboxStore &store) {
            const SandboxStore::DeferSaves outer(store);
            store.addRefund(refundRecord(QStringLiteral("re_1")));
            store.save();
            {
                const SandboxStore::DeferSaves inner(store);
                store.save();
            }
            raise(SIGKILL);
        }));
        {
            SandboxStore reloaded(path);
            QString error;
            QVERIFY2(reloaded.open(&error), qPrintable(error));
            QVERIFY(!reloaded.findRefund(QStringLiteral("re_1")));
        }
        // Killed right after the deferral: the refund and its key are there together.
        QVERIFY(killedAfter(path, [](SandboxStore &store) {
            const SandboxStore::DeferSaves outer(store);
            store.addRefund(refundRecord(QStringLiteral("re_1")));
            store.save();
            store.putIdempotency(QStringLiteral("refund:k"), {"hash", 201, "{}"});
            store.save();
        }));
        SandboxStore reloaded(path);
        QString error;
        QVERIFY2(reloaded.open(&error), qPrintable(error));
        QVERIFY(reloaded.findRefund(QStringLiteral("re_1")));
        QVERIFY(reloaded.idempotency(QStringLiteral("refund:k")));
        QCOMPARE(reloaded.idempotency(QStringLiteral("refund:k"))->body, QByteArray("{}"));
    }

    void changesSurviveAKill()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.db"));
        QVERIFY(killedAfter(path, [](SandboxStore &store) {
            store.addIntent(intentRecord(QStringLiteral("pi_1")));
            store.addIntent(intentRecord(QStringLiteral("pi_2")));
            store.save();
            store.intent(QStringLiteral("pi_1"))->status = QStringLiteral("succeeded");
            store.addEvent(QStringLiteral("payment.succeeded"), {{"intent_id", "pi_1"}});
            store.addEvent(QStringLiteral("refund.succeeded"), {{"intent_id", "pi_1"}});
            store.save();
            store.event(store.events().first().id)->status = QStringLiteral("delivered");
            store.save();
            // Changed but never saved: lost with the process, as nothing acknowledged it.
            store.intent(QStringLiteral("pi_2"))->status = QStringLiteral("cancelled");
        }));
        SandboxStore reloaded(path);
        QString error;
        QVERIFY2(reloaded.open(&error), qPrintable(error));
        QCOMPARE(reloaded.intents().size(), 2);
        const IntentRecord *paid = reloaded.findIntent(QStringLiteral("pi_1"));
        QVERIFY(paid);
        QCOMPARE(paid->status, QStringLiteral("succeeded"));
        QCOMPARE(paid->metadata, intentRecord(QStringLiteral("pi_1")).metadata);
        QCOMPARE(paid->clientSecret, QStringLiteral("pi_1_secret_x"));
        QCOMPARE(reloaded.findIntent(QStringLiteral("pi_2"))->status,
                 QStringLiteral("requires_confirmation"));
        QCOMPARE(reloaded.events().size(), 2);
        QCOMPARE(reloaded.events().at(0).type, QStringLiteral("payment.succeeded"));
        QCOMPARE(reloaded.events().at(0).status, QStringLiteral("delivered"));
        QCOMPARE(reloaded.events().at(1).type, QStringLiteral("refund.succeeded"));
        QCOMPARE(reloaded.events().at(1).status, QStringLiteral("pending"));
        QVERIFY(reloaded.findEvent(reloaded.events().at(1).id));
        // Events added after a reload go after the old ones.
        const QString third = reloaded.addEvent(QStringLiteral("payment.failed"), {}).id;
        reloaded.save();
        QCOMPARE(reloaded.findEvent(third), &reloaded.events().last());
    }

    void anotherProcessCannotShareTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.db"));
        SandboxStore first(path);
        QString error;
        QVERIFY2(first.open(&error), qPrintable(error));
        SandboxStore second(path);
        QVERIFY(!second.open(&error));
        QVERIFY2(error.contains(QStringLiteral("locked")), qPrintable(error));
    }

    void oldJsonStateFileIsMigrated()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.json"));
        // The format SandboxStore wrote before the database (one JSON object, QSaveFile).
        const QByteArray old
            = "{\"intents\":[{\"id\":\"pi_old\",\"client_secret\":\"pi_old_secret_s\","
              "\"status\":\"processing\",\"amount_cents\":4200,\"amount_refunded_cents\":100,"
              "\"currency\":\"EUR\",\"order_id\":\"order-old\",\"metadata\":{\"k\":\"v\"},\"last_"
              "error\":null,"
              "\"pending_outcome\":\"succeeded\",\"created\":1700000001}],"
              "\"refunds\":[{\"id\":\"re_old\",\"intent_id\":\"pi_old\",\"amount_cents\":100,"
              "\"currency\":\"EUR\","
              "\"status\":\"succeeded\",\"created\":1700000002}],"
              "\"idempotency\":[{\"key\":\"refund:k1\",\"hash\":\"abcd\",\"status\":201,\"body\":"
              "\"{\\\"id\\\":1}\"}],"
              "\"events\":[{\"id\":\"evt_a\",\"type\":\"payment.succeeded\",\"status\":"
              "\"delivered\",\"attempts\":1,"
              "\"deliveries\":1,\"last_http_status\":200,\"last_error\":\"\",\"created\":1,"
              "\"body\":\"{}\"},"
              "{\"id\":\"evt_b\",\"type\":\"refund.succeeded\",\"status\":\"pending\",\"attempts\":"
              "0,"
              "\"deliveries\":0,\"last_http_status\":0,\"last_error\":\"\",\"created\":2,\"body\":"
              "\"{\\\"x\\\":1}\"}]}";
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(old);
        file.close();

        for (int open = 0; open < 2; ++open) { // the second open finds the database
            SandboxStore store(path);
            QString error;
            QVERIFY2(store.open(&error), qPrintable(error));
            const IntentRecord *intent = store.findIntent(QStringLiteral("pi_old"));
            QVERIFY(intent);
            QCOMPARE(intent->status, QStringLiteral("processing"));
            QCOMPARE(intent->pendingOutcome, QStringLiteral("succeeded"));
            QCOMPARE(intent->amountRefundedCents, 100);
            QCOMPARE(intent->metadata.value(u"k").toString(), QStringLiteral("v"));
            QVERIFY(store.findRefund(QStringLiteral("re_old")));
            QCOMPARE(store.idempotency(QStringLiteral("refund:k1"))->requestHash,
                     QByteArray::fromHex("abcd"));
            QCOMPARE(store.idempotency(QStringLiteral("refund:k1"))->body, QByteArray("{\"id\":1}"));
            QCOMPARE(store.events().size(), 2);
            QCOMPARE(store.events().at(1).id, QStringLiteral("evt_b"));
            QCOMPARE(store.events().at(1).body, QByteArray("{\"x\":1}"));
        }
        QVERIFY(StateDatabase::isDatabaseFile(path));
        QFile kept(path + QStringLiteral(".v1.json"));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), old);
        QVERIFY(!QFile::exists(path + QStringLiteral(".migrating")));
    }

    void unusableStateFileIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("these are not the records you are looking for");
        file.close();
        SandboxStore store(path);
        QString error;
        QVERIFY(!store.open(&error));
        QVERIFY2(error.contains(QStringLiteral("neither")), qPrintable(error));
        QVERIFY(file.open(QIODevice::ReadOnly)); // left as it was
        QCOMPARE(file.readAll(), QByteArray("these are not the records you are looking for"));
    }
};

QTEST_GUILESS_MAIN(TestSandboxStore)
#include "tst_sandboxstore.moc"
