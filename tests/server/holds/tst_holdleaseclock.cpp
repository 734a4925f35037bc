// SPDX-License-Identifier: GPL-3.0-or-later
#include "redis/redispool.h"
#include "redis/seatleases.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <pqxx/pqxx>

using namespace boxoffice::test;
using boxoffice::server::redis::RedisPool;
using boxoffice::server::redis::SeatLeases;

// Issue #15: a created hold's Redis leases live as long as the hold has left by PostgreSQL's
// clock, not by the app server's. The server runs with its clock two minutes ahead of the
// database's (BOXOFFICE_TEST_CLOCK_SKEW_MS); each lease's PTTL must still match the hold's
// `expires_at - now()` as the database computes it.
class TestHoldLeaseClock : public QObject
{
    Q_OBJECT
private:
    static constexpr qint64 kSkewMs = 120000;
    static constexpr qint64 kToleranceMs = 3000;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<RedisPool> m_redis;
    QString m_eventId;

    static QByteArray holdBody(const QString &eventId, const QStringList &seats)
    {
        return QJsonDocument(
                   QJsonObject{{QStringLiteral("event_id"), eventId},
                               {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}})
            .toJson(QJsonDocument::Compact);
    }
    qint64 pttl(const QString &seat) const
    {
        return m_redis->command({"PTTL", SeatLeases::key(m_eventId, seat)})->integer;
    }
    // What the hold has left by the database's clock.
    qint64 remainingPerDatabase(const QString &holdId) const
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        return work
            .exec_params1("SELECT (extract(epoch FROM expires_at - clock_timestamp()) * 1000)"
                          "::bigint FROM holds WHERE id = $1::uuid",
                          holdId.toStdString())[0]
            .as<qint64>();
    }
    // Waits for the settle (the pending lease is 15 s), then compares the leases' PTTL with the
    // database's remaining time.
    void verifyLeasesMatchDatabase(const QString &holdId, const QStringList &seats) const
    {
        for (const QString &seat : seats) {
            QTRY_VERIFY_WITH_TIMEOUT(pttl(seat) > 60000, 3000);
            const qint64 leaseMs = pttl(seat);
            const qint64 holdMs = remainingPerDatabase(holdId);
            QVERIFY2(qAbs(leaseMs - holdMs) < kToleranceMs,
                     qPrintable(QStringLiteral("%1: lease PTTL %2 ms, hold has %3 ms left")
                                    .arg(seat)
                                    .arg(leaseMs)
                                    .arg(holdMs)));
            if (QTest::currentTestFailed())
                return;
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        const std::string redisUrl = requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty() && !redisUrl.empty());
        m_redis = std::make_unique<RedisPool>(QUrl(QString::fromStdString(redisUrl)));
        QVERIFY(m_redis->probe());
        m_server = std::make_unique<ServerProcess>(url,
                                                   QStringList{},
                                                   QHash<QString, QString>{
                                                       {QStringLiteral(
                                                            "BOXOFFICE_TEST_CLOCK_SKEW_MS"),
                                                        QString::number(kSkewMs)}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        const QByteArray manager = testToken(QStringLiteral("lc-manager"),
                                             QStringLiteral("manager"));
        m_eventId = SeededEvent::create(m_server->client(),
                                        manager,
                                        QStringLiteral("leaseclock"),
                                        EventShape::seats(4, 10))
                        .eventId;
        QVERIFY(!m_eventId.isEmpty());
    }

    void createdHoldsLeasesFollowTheDatabaseClock()
    {
        const QStringList seats{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")};
        const auto held = m_server->client()
                              .post("/holds",
                                    QJsonDocument::fromJson(holdBody(m_eventId, seats)).object(),
                                    testToken(QStringLiteral("lc-ann")));
        QCOMPARE(held.status, 201);
        verifyLeasesMatchDatabase(held.json().value(u"hold_id").toString(), seats);
    }

    // A replay settles the leases again (here: after they were lost), with the time the first
    // hold has left by the database's clock.
    void replayedHoldsLeasesFollowTheDatabaseClock()
    {
        const QStringList seats{QStringLiteral("S1-1-5"), QStringLiteral("S1-1-6")};
        const QByteArray eli = testToken(QStringLiteral("lc-eli"));
        const QList<QPair<QByteArray, QByteArray>> key{{"Idempotency-Key", "lc-eli-1"}};
        const QJsonObject body = QJsonDocument::fromJson(holdBody(m_eventId, seats)).object();
        const auto first = m_server->client().post("/holds", body, eli, key);
        QCOMPARE(first.status, 201);
        const QString holdId = first.json().value(u"hold_id").toString();
        verifyLeasesMatchDatabase(holdId, seats);
        for (const QString &seat : seats)
            m_redis->command({"DEL", SeatLeases::key(m_eventId, seat)});
        const auto replay = m_server->client().post("/holds", body, eli, key);
        QCOMPARE(replay.status, 201);
        QCOMPARE(replay.json().value(u"hold_id").toString(), holdId);
        verifyLeasesMatchDatabase(holdId, seats);
    }

    // Many holds at once (the batched path): every lease carries its hold's database time.
    void concurrentHoldsAllCarryTheDatabaseTime()
    {
        QList<HttpRequest> requests;
        QList<QStringList> seatsOf;
        for (int n = 1; n <= 10; ++n) {
            const QStringList seats{QStringLiteral("S1-3-%1").arg(n),
                                    QStringLiteral("S1-4-%1").arg(n)};
            seatsOf.append(seats);
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                holdBody(m_eventId, seats),
                                                testToken(QStringLiteral("lc-racer-%1").arg(n))));
        }
        const auto responses = m_server->client().concurrently(requests, 60000);
        QCOMPARE(responses.size(), requests.size());
        for (int i = 0; i < responses.size(); ++i) {
            QVERIFY2(responses.at(i).status == 201,
                     qPrintable(QStringLiteral("%1: %2 %3")
                                    .arg(i)
                                    .arg(responses.at(i).status)
                                    .arg(QString::fromUtf8(responses.at(i).body
                                                           + m_server->log().right(3000)))));
            verifyLeasesMatchDatabase(responses.at(i).json().value(u"hold_id").toString(),
                                      seatsOf.at(i));
        }
    }
};

QTEST_GUILESS_MAIN(TestHoldLeaseClock)
#include "tst_holdleaseclock.moc"
