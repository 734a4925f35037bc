// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::sandbox;

// The sandbox's state file under DeferSaves: an idempotent request's effect and its key reach
// the disk in one write (a SIGKILL between two writes once left a refund without its key).
class TestSandboxStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void deferredSavesWriteOnceAtTheEnd()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.json"));
        SandboxStore store(path);
        {
            const SandboxStore::DeferSaves outer(store);
            store.addRefund({QStringLiteral("re_1"),
                             QStringLiteral("pi_1"),
                             100,
                             QStringLiteral("EUR"),
                             QStringLiteral("succeeded"),
                             1});
            store.save();
            {
                const SandboxStore::DeferSaves inner(store);
                store.save();
            }
            QVERIFY2(!QFile::exists(path), "nothing may be written while a deferral lives");
            store.putIdempotency(QStringLiteral("refund:k"), {"hash", 201, "{}"});
            store.save();
        }
        QVERIFY(QFile::exists(path));
        SandboxStore reloaded(path);
        QString error;
        QVERIFY2(reloaded.load(&error), qPrintable(error));
        QVERIFY(reloaded.refund(QStringLiteral("re_1")));
        QVERIFY(reloaded.idempotency(QStringLiteral("refund:k")));
    }

    void withoutDeferralSaveWritesAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("state.json"));
        SandboxStore store(path);
        store.save();
        QVERIFY(QFile::exists(path));
        // A deferral with nothing saved inside writes nothing.
        QFile::remove(path);
        {
            const SandboxStore::DeferSaves idle(store);
        }
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestSandboxStore)
#include "tst_sandboxstore.moc"
