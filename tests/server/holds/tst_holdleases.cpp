// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "redis/redispool.h"
#include "redis/seatleases.h"
#include "redisfixture.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <QHash>
#include <QRandomGenerator>
#include <QTest>

using namespace boxoffice::test;
using boxoffice::server::redis::RedisPool;
using boxoffice::server::redis::Reply;
using boxoffice::server::redis::SeatLeases;

// The seat leases of POST /holds over real HTTP, PostgreSQL and Redis. The lease belongs to
// `subject|hold id` from the start (the server picks the id before leasing) and is settled
// after the answer, off the request's path: a created hold's leases live as long as the hold;
// a refused request's are deleted before its answer; DELETE /holds removes them whether or not
// the settle came first.
class TestHoldLeases : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<RedisPool> m_redis;
    QString m_eventId;

    static QString createEvent(const ServerProcess &server, const QString &venue)
    {
        const QByteArray manager = testToken(QStringLiteral("hl-manager"),
                                             QStringLiteral("manager"));
        return SeededEvent::create(server.client(), manager, venue, EventShape::seats(4, 10)).eventId;
    }
    static QJsonObject holdBody(const QString &eventId, const QStringList &seats)
    {
        return QJsonObject{{QStringLiteral("event_id"), eventId},
                           {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
    }
    Reply lease(const QString &seat) const
    {
        return *m_redis->command({"GET", SeatLeases::key(m_eventId, seat)});
    }
    qint64 pttl(const QString &seat) const
    {
        return m_redis->command({"PTTL", SeatLeases::key(m_eventId, seat)})->integer;
    }
    void sellBehindRedisBack(const QString &seat) const
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec_params0("UPDATE inventory SET status = 'sold', version = version + 1"
                          " WHERE event_id = $1::uuid AND seat_id = $2",
                          m_eventId.toStdString(),
                          seat.toStdString());
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        const std::string redisUrl = requiredEnv("BOXOFFICE_TEST_REDIS_URL");
        QVERIFY(!url.empty() && !redisUrl.empty());
        m_redis = std::make_unique<RedisPool>(QUrl(QString::fromStdString(redisUrl)));
        QVERIFY(m_redis->probe());
        m_server = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_eventId = createEvent(*m_server, QStringLiteral("leases"));
        QVERIFY(!m_eventId.isEmpty());
    }

    // The lease is the hold's: its owner is `subject|hold id`, and it gets the hold's time.
    void createdHoldOwnsItsLeasesForItsTime()
    {
        const QStringList seats{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")};
        const QByteArray ann = testToken(QStringLiteral("hl-ann"));
        const auto held = m_server->client().post("/holds", holdBody(m_eventId, seats), ann);
        QCOMPARE(held.status, 201);
        const QByteArray owner = "hl-ann|" + held.json().value(u"hold_id").toString().toLatin1();
        for (const QString &seat : seats) {
            QCOMPARE(lease(seat).string, owner); // before the settle, too
            QTRY_VERIFY_WITH_TIMEOUT(pttl(seat) > 590000, 3000);
        }
        QCOMPARE(m_server->client().del("/holds/" + owner.mid(7), ann).status, 204);
        for (const QString &seat : seats)
            QCOMPARE(lease(seat).type, Reply::Type::Nil);
        // The settle is counted once its reply is read (a moment after Redis applied it).
        const auto metrics = [&] { return m_server->client().get("/metrics").body; };
        QTRY_VERIFY_WITH_TIMEOUT(metrics().contains("\nboxoffice_seat_lease_settles 1\n"), 2000);
        QVERIFY2(metrics().contains("\nboxoffice_seat_lease_settles_dropped 0\n"),
                 metrics().constData());
    }

    // A replayed keyed request answers the first hold (not the id chosen for the replay): the
    // leases stay that hold's, for its time.
    void replayedKeyedHoldKeepsItsLeases()
    {
        const QStringList seats{QStringLiteral("S1-1-9"), QStringLiteral("S1-1-10")};
        const QByteArray eli = testToken(QStringLiteral("hl-eli"));
        const QList<QPair<QByteArray, QByteArray>> key{{"Idempotency-Key", "hl-eli-1"}};
        const auto first = m_server->client().post("/holds", holdBody(m_eventId, seats), eli, key);
        QCOMPARE(first.status, 201);
        const auto replay = m_server->client().post("/holds", holdBody(m_eventId, seats), eli, key);
        QCOMPARE(replay.status, 201);
        QCOMPARE(replay.json(), first.json());
        const QByteArray owner = "hl-eli|" + first.json().value(u"hold_id").toString().toLatin1();
        for (const QString &seat : seats) {
            QTRY_VERIFY_WITH_TIMEOUT(pttl(seat) > 590000, 3000);
            QCOMPARE(lease(seat).string, owner);
        }
    }

    // DELETE /holds right after the answer, maybe before the settle: whichever reaches Redis
    // first, no lease is left.
    void releaseRightAfterTheAnswerLeavesNoLease()
    {
        const QByteArray bea = testToken(QStringLiteral("hl-bea"));
        for (int n = 3; n <= 8; ++n) {
            const QStringList seats{QStringLiteral("S1-1-%1").arg(n)};
            const auto held = m_server->client().post("/holds", holdBody(m_eventId, seats), bea);
            QCOMPARE(held.status, 201);
            QCOMPARE(m_server->client()
                         .del("/holds/" + held.json().value(u"hold_id").toString().toLatin1(), bea)
                         .status,
                     204);
        }
        QTest::qWait(300); // any settle still queued has landed by now
        for (int n = 3; n <= 8; ++n)
            QCOMPARE(lease(QStringLiteral("S1-1-%1").arg(n)).type, Reply::Type::Nil);
    }

    // Refused by PostgreSQL after Redis leased every seat: none of the leases is left once the
    // refusal is answered (else they would refuse S1-2-4 for 15 s, or for a moment).
    void refusedHoldLeavesNoLease()
    {
        sellBehindRedisBack(QStringLiteral("S1-2-5"));
        const auto refused = m_server->client().post("/holds",
                                                     holdBody(m_eventId,
                                                              {QStringLiteral("S1-2-4"),
                                                               QStringLiteral("S1-2-5")}),
                                                     testToken(QStringLiteral("hl-bob")));
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("S1-2-5")});
        QCOMPARE(lease(QStringLiteral("S1-2-4")).type, Reply::Type::Nil); // before the answer
        QCOMPARE(lease(QStringLiteral("S1-2-5")).type, Reply::Type::Nil);
        // Over the limit of 3 holds (422): the fourth hold's lease goes too.
        const QByteArray cat = testToken(QStringLiteral("hl-cat"));
        for (int n = 1; n <= 3; ++n)
            QCOMPARE(m_server->client()
                         .post("/holds",
                               holdBody(m_eventId, {QStringLiteral("S1-4-%1").arg(n)}),
                               cat)
                         .status,
                     201);
        QCOMPARE(m_server->client()
                     .post("/holds", holdBody(m_eventId, {QStringLiteral("S1-2-4")}), cat)
                     .code(),
                 QStringLiteral("limit_exceeded"));
        QCOMPARE(lease(QStringLiteral("S1-2-4")).type, Reply::Type::Nil);
        // The seat is free for the next buyer at once.
        QCOMPARE(m_server->client()
                     .post("/holds",
                           holdBody(m_eventId, {QStringLiteral("S1-2-4")}),
                           testToken(QStringLiteral("hl-dan")))
                     .status,
                 201);
    }

    // Many buyers race for overlapping seats (one of them sold behind Redis' back): one live
    // hold per seat, and afterwards every lease is the live hold's of its seat, with its time.
    void racingBuyersLeaveOnlyTheWinnersLeases()
    {
        sellBehindRedisBack(QStringLiteral("S1-3-7"));
        auto *random = QRandomGenerator::global();
        QList<HttpRequest> requests;
        for (int i = 0; i < 150; ++i) {
            const int size = 1 + int(random->bounded(3));
            const int start = 1 + int(random->bounded(10 - size + 1));
            QStringList seats;
            for (int n = start; n < start + size; ++n)
                seats.append(QStringLiteral("S1-3-%1").arg(n));
            requests.append(HttpClient::request("POST",
                                                "/holds",
                                                QJsonDocument(holdBody(m_eventId, seats))
                                                    .toJson(QJsonDocument::Compact),
                                                testToken(QStringLiteral("hl-racer-%1").arg(i))));
        }
        const auto responses = m_server->client().concurrently(requests, 60000);
        QHash<QString, QByteArray> holder; // seat -> subject|hold id, from the answers
        for (qsizetype i = 0; i < responses.size(); ++i) {
            const auto &response = responses.at(i);
            if (response.status != 201) {
                QVERIFY2(response.status == 409, response.body.constData());
                continue;
            }
            const QByteArray owner = QStringLiteral("hl-racer-%1|").arg(i).toLatin1()
                                     + response.json().value(u"hold_id").toString().toLatin1();
            for (const QJsonValue &seat : response.json().value(u"seats").toArray()) {
                QVERIFY2(!holder.contains(seat.toString()), qPrintable(seat.toString()));
                holder.insert(seat.toString(), owner);
            }
        }
        QVERIFY(!holder.isEmpty());
        QVERIFY(!holder.contains(QStringLiteral("S1-3-7")));
        // The database agrees with the answers.
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto rows
            = work.exec_params("SELECT i.seat_id, h.owner || '|' || h.id FROM inventory i"
                               " JOIN holds h ON h.id = i.hold_id"
                               " WHERE i.event_id = $1::uuid AND i.status = 'held'"
                               " AND i.seat_id LIKE 'S1-3-%'",
                               m_eventId.toStdString());
        QCOMPARE(qsizetype(rows.size()), holder.size());
        for (const auto &row : rows)
            QCOMPARE(holder.value(QString::fromStdString(row[0].as<std::string>())),
                     QByteArray::fromStdString(row[1].as<std::string>()));
        QCOMPARE(inventoryViolations(m_server->databaseUrl()), QString());
        // Redis, once the settles landed: exactly the live holds' leases, for the holds' time.
        const auto leasesMatch = [&] {
            for (int n = 1; n <= 10; ++n) {
                const QString seat = QStringLiteral("S1-3-%1").arg(n);
                const Reply value = lease(seat);
                if (!holder.contains(seat)
                        ? value.type != Reply::Type::Nil
                        : value.string != holder.value(seat) || pttl(seat) < 590000)
                    return false;
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(leasesMatch(), 3000);
        for (int n = 1; n <= 10; ++n) {
            const QString seat = QStringLiteral("S1-3-%1").arg(n);
            QCOMPARE(lease(seat).string, holder.value(seat));
        }
    }

    // Redis gone while settles wait: holds are still created (the database decides), nothing
    // hangs, and the server stops cleanly.
    void redisGoneHoldsStillCreated()
    {
        OwnRedis own;
        QVERIFY(own.start());
        ServerProcess server(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                             {QStringLiteral("--redis-url"), own.url()});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("leases-fault"));
        QVERIFY(!eventId.isEmpty());
        QList<HttpRequest> requests;
        for (int n = 1; n <= 10; ++n)
            requests.append(
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(
                                        holdBody(eventId, {QStringLiteral("S1-1-%1").arg(n)}))
                                        .toJson(QJsonDocument::Compact),
                                    testToken(QStringLiteral("hl-f%1").arg(n))));
        for (const auto &response : server.client().concurrently(requests, 30000))
            QCOMPARE(response.status, 201);
        // Settles of these may still be queued: Redis goes away under them.
        requests.clear();
        for (int n = 1; n <= 10; ++n)
            requests.append(
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(
                                        holdBody(eventId, {QStringLiteral("S1-2-%1").arg(n)}))
                                        .toJson(QJsonDocument::Compact),
                                    testToken(QStringLiteral("hl-g%1").arg(n))));
        const auto racing = server.client().concurrently(requests, 30000);
        own.kill();
        for (const auto &response : racing)
            QCOMPARE(response.status, 201);
        for (int n = 1; n <= 10; ++n) {
            const auto held = server.client().post("/holds",
                                                   holdBody(eventId,
                                                            {QStringLiteral("S1-3-%1").arg(n)}),
                                                   testToken(QStringLiteral("hl-h%1").arg(n)));
            QVERIFY2(held.status == 201, held.body.constData());
        }
        QCOMPARE(server.client()
                     .post("/holds",
                           holdBody(eventId, {QStringLiteral("S1-3-1")}),
                           testToken(QStringLiteral("hl-late")))
                     .status,
                 409);
        QCOMPARE(inventoryViolations(server.databaseUrl()), QString());
        QElapsedTimer stopping;
        stopping.start();
        QCOMPARE(server.terminate(10000), 0);
        QVERIFY2(stopping.elapsed() < 5000, qPrintable(QString::number(stopping.elapsed())));
    }

    void cleanupTestCase() { m_server.reset(); }
};

QTEST_GUILESS_MAIN(TestHoldLeases)
#include "tst_holdleases.moc"
