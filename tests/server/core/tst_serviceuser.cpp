// SPDX-License-Identifier: GPL-3.0-or-later
// The embedded services' data directory: as root, a directory the service user cannot reach is
// refused at once with a clear reason instead of a service that never answers.
#include "core/serviceuser.h"
#include "db/embeddedpostgres.h"
#include "redis/embeddedredis.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::server;

class TestServiceUser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reachableDirectoryIsGivenToTheUser()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(embedded::ServiceUser::prepare(dir.path()), QString());
        if (embedded::ServiceUser::needed())
            QCOMPARE(QFileInfo(dir.path()).owner(), embedded::ServiceUser::name());
    }

    void privateParentIsRefusedWithItsPath()
    {
        if (!embedded::ServiceUser::needed())
            QSKIP("only root hands the data directory to the service user");
        QTemporaryDir privateParent; // mode 0700, owned by root
        const QString dir = privateParent.filePath(QStringLiteral("data"));
        QVERIFY(QDir().mkpath(dir));
        const QString reason = embedded::ServiceUser::prepare(dir);
        QVERIFY2(reason.contains(dir) && reason.contains(QStringLiteral("--data-dir")),
                 qPrintable(reason));
    }

    void embeddedServicesFailFastOnAPrivateParent()
    {
        if (!embedded::ServiceUser::needed())
            QSKIP("only root hands the data directory to the service user");
        QTemporaryDir privateParent;
        const QString dataDir = privateParent.filePath(QStringLiteral("data"));
        QElapsedTimer timer;
        timer.start();
        db::EmbeddedPostgres postgres(dataDir);
        QVERIFY(!postgres.start());
        QVERIFY2(postgres.error().contains(QStringLiteral("out of reach")),
                 qPrintable(postgres.error()));
        redis::EmbeddedRedis redis(dataDir);
        QVERIFY(!redis.start());
        QVERIFY2(redis.error().contains(QStringLiteral("out of reach")), qPrintable(redis.error()));
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestServiceUser)
#include "tst_serviceuser.moc"
