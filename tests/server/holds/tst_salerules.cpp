// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "queuefixture.h"
#include "redisfixture.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QTest>

using namespace boxoffice::test;

// Issue 15, defects 7 and 9: nothing is held before the event's on_sale_at (the database's
// trigger decides, the server's cached settings answer first), and an admission ends when its
// holder leaves the active set, so no more than max_active users hold at once. Real server,
// PostgreSQL and Redis; the fault test kills the server's own Redis.
class TestSaleRules : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager = testToken(QStringLiteral("rules-manager"), QStringLiteral("manager"));
    const QString m_venue = QStringLiteral("ruleshall");

    static QHash<QString, QString> env(int settingsCacheMs)
    {
        return {{QStringLiteral("BOXOFFICE_QUEUE_TICK_MS"), QStringLiteral("100")},
                {QStringLiteral("BOXOFFICE_QUEUE_SETTINGS_CACHE_MS"),
                 QString::number(settingsCacheMs)}};
    }

    static QJsonObject holdBody(const QString &eventId, const QStringList &seats)
    {
        return {{QStringLiteral("event_id"), eventId},
                {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}};
    }

    static void setOnSale(const std::string &url, const QString &eventId, const char *when)
    {
        pqxx::connection connection{url};
        pqxx::nontransaction work{connection};
        work.exec_params0(std::string("UPDATE events SET on_sale_at = ") + when
                              + " WHERE id = $1::uuid",
                          eventId.toStdString());
    }

    static int holdRows(const std::string &url, const QString &eventId)
    {
        pqxx::connection connection{url};
        pqxx::nontransaction work{connection};
        return work
            .exec_params1("SELECT count(*) FROM holds WHERE event_id = $1::uuid",
                          eventId.toStdString())[0]
            .as<int>();
    }

    // `count` one-seat holds by different fans at once; the answers.
    static QList<HttpResponse> burst(const HttpClient &client, const QString &eventId, int count)
    {
        QList<HttpRequest> requests;
        for (int i = 0; i < count; ++i)
            requests.append(
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(
                                        holdBody(eventId, {QStringLiteral("S1-2-%1").arg(i + 1)}))
                                        .toJson(QJsonDocument::Compact),
                                    testToken(QStringLiteral("burst-%1").arg(i))));
        return client.concurrently(requests);
    }

    QString venueOn(ServerProcess &server, const QString &venue) const
    {
        const auto created = server.client().postRaw("/venues",
                                                     venueJson(venue, 1, 4, 30, 40),
                                                     m_manager);
        return created.status == 201 ? venue : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_REDIS_URL").empty());
        m_server = std::make_unique<ServerProcess>(url, QStringList{}, env(0));
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        QVERIFY(!venueOn(*m_server, m_venue).isEmpty());
    }

    // Defect 7: seats, best available and GA alike, over REST.
    void noHoldBeforeTheSale()
    {
        const QDateTime tomorrow = QDateTime::currentDateTimeUtc().addDays(1);
        const QString event = QueueClient{m_server->client()}
                                  .createEvent(m_manager, m_venue, 100, 100, tomorrow, false);
        QVERIFY(!event.isEmpty());
        const QByteArray fan = testToken(QStringLiteral("early-bird"));
        const QJsonObject bodies[] = {holdBody(event, {QStringLiteral("S1-1-1")}),
                                      {{QStringLiteral("event_id"), event},
                                       {QStringLiteral("section"), QStringLiteral("S1")},
                                       {QStringLiteral("quantity"), 2}},
                                      {{QStringLiteral("event_id"), event},
                                       {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                       {QStringLiteral("quantity"), 2}}};
        for (const QJsonObject &body : bodies) {
            const auto held = m_server->client().post("/holds", body, fan);
            QVERIFY2(held.status == 409 && held.code() == u"not_on_sale", held.body.constData());
        }
        // A keyed request (stored answers, its own transaction path): the same answer.
        const auto keyed = m_server->client().post("/holds",
                                                   bodies[0],
                                                   fan,
                                                   {{"Idempotency-Key", "early-bird-key-0001"}});
        QVERIFY2(keyed.code() == u"not_on_sale", keyed.body.constData());
        QCOMPARE(holdRows(m_server->databaseUrl(), event), 0);
        // Once the sale opens, the same requests hold.
        setOnSale(m_server->databaseUrl(), event, "now() - interval '1 second'");
        for (const QJsonObject &body : bodies)
            QCOMPARE(m_server->client().post("/holds", body, fan).status, 201);
    }

    // The database decides even when the server's cached settings say the sale is open (a
    // manager moved on_sale_at later a moment ago): a burst of holds at once, decided in
    // batches by hold_seats_batch, is refused whole; then the sale opens and all succeed.
    void databaseDecidesUnderABurst()
    {
        ServerProcess stale(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"), QStringList{}, env(600000));
        QVERIFY2(stale.isRunning(), stale.log().constData());
        QVERIFY(!venueOn(stale, QStringLiteral("stalehall")).isEmpty());
        const auto created = stale.client().post("/events",
                                                 eventJson(QStringLiteral("stalehall"), 600, 4, 3),
                                                 m_manager);
        const QString event = created.json().value(u"id").toString();
        QVERIFY(!event.isEmpty());
        // Cached as on sale by a first hold, then moved to tomorrow behind the cache's back.
        QCOMPARE(stale.client()
                     .post("/holds",
                           holdBody(event, {QStringLiteral("S1-1-1")}),
                           testToken(QStringLiteral("first")))
                     .status,
                 201);
        setOnSale(stale.databaseUrl(), event, "now() + interval '1 day'");
        for (const HttpResponse &answer : burst(stale.client(), event, 24))
            QVERIFY2(answer.code() == u"not_on_sale", answer.body.constData());
        QCOMPARE(holdRows(stale.databaseUrl(), event), 1);
        setOnSale(stale.databaseUrl(), event, "now() - interval '1 second'");
        int created201 = 0;
        for (const HttpResponse &answer : burst(stale.client(), event, 24))
            created201 += answer.status == 201 ? 1 : 0;
        QCOMPARE(created201, 24);
        QCOMPARE(inventoryViolations(stale.databaseUrl()), QString());
    }

    // Fault: with the server's Redis killed (no leases, no rate limits, the capped path) an
    // early hold is still refused by the database.
    void refusedWithRedisDown()
    {
        OwnRedis redis;
        QVERIFY(redis.start());
        ServerProcess server(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                             {QStringLiteral("--redis-url"), redis.url()},
                             env(0));
        QVERIFY2(server.isRunning(), server.log().constData());
        QVERIFY(!venueOn(server, QStringLiteral("downhall")).isEmpty());
        const QString event = QueueClient{server.client()}
                                  .createEvent(m_manager,
                                               QStringLiteral("downhall"),
                                               100,
                                               100,
                                               QDateTime::currentDateTimeUtc().addDays(1),
                                               false);
        QVERIFY(!event.isEmpty());
        redis.kill();
        QTest::qWait(300);
        const auto held = server.client().post("/holds",
                                               holdBody(event, {QStringLiteral("S1-1-2")}),
                                               testToken(QStringLiteral("down-fan")));
        QVERIFY2(held.code() == u"not_on_sale", held.body.constData());
        QCOMPARE(holdRows(server.databaseUrl(), event), 0);
    }

    // Defect 9: releasing the hold ends the admission. With max_active 1, the first fan's
    // token stops working (ten tries at once) while the next fan is let in.
    void leavingEndsTheAdmission()
    {
        QueueClient queue{m_server->client()};
        const QString event = queue.createEvent(m_manager, m_venue, 60000, 1);
        QVERIFY(!event.isEmpty());
        const auto first = queue.join(event, QStringLiteral("leaver"));
        const QByteArray token = queue.waitForAdmission(event,
                                                        QStringLiteral("leaver"),
                                                        first.json().value(u"queue_id").toString());
        QVERIFY(!token.isEmpty());
        const auto second = queue.join(event, QStringLiteral("next-in-line"));
        const auto held = queue.hold(event,
                                     QStringLiteral("leaver"),
                                     {QStringLiteral("S1-3-1")},
                                     token);
        QCOMPARE(held.status, 201);
        QCOMPARE(m_server->client()
                     .del("/holds/" + held.json().value(u"hold_id").toString().toLatin1(),
                          testToken(QStringLiteral("leaver")))
                     .status,
                 204);
        // The next one is admitted; the leaver's old token holds nothing any more.
        const QByteArray next = queue.waitForAdmission(event,
                                                       QStringLiteral("next-in-line"),
                                                       second.json().value(u"queue_id").toString());
        QVERIFY(!next.isEmpty());
        QList<HttpRequest> tries;
        for (int i = 0; i < 10; ++i)
            tries.append(
                HttpClient::request("POST",
                                    "/holds",
                                    QJsonDocument(
                                        holdBody(event, {QStringLiteral("S1-3-%1").arg(i + 2)}))
                                        .toJson(QJsonDocument::Compact),
                                    testToken(QStringLiteral("leaver")),
                                    {{"X-Admission-Token", token}}));
        for (const HttpResponse &answer : m_server->client().concurrently(tries))
            QVERIFY2(answer.code() == u"admission_required", answer.body.constData());
        QCOMPARE(queue.hold(event, QStringLiteral("next-in-line"), {QStringLiteral("S1-4-1")}, next)
                     .status,
                 201);
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QCOMPARE(work.exec_params1("SELECT count(DISTINCT owner) FROM holds WHERE event_id ="
                                   " $1::uuid AND status = 'active'",
                                   event.toStdString())[0]
                     .as<int>(),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestSaleRules)
#include "tst_salerules.moc"
