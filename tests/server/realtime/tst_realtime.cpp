// SPDX-License-Identifier: GPL-3.0-or-later
// Outbox relay, seat-map log and WebSocket pushes across several server instances.

#include "dbcheck.h"
#include "realtimefixture.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QRandomGenerator>

using namespace boxoffice::test;

class TestRealtime : public QObject
{
    Q_OBJECT

    std::string m_url;

    static qint64 dbVersion(const ServerProcess &server, const QString &eventId)
    {
        pqxx::connection connection{server.databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto row = work.exec_params("SELECT coalesce((SELECT version FROM seatmap_versions"
                                          " WHERE event_id = $1::uuid), 0)",
                                          eventId.toStdString());
        return row[0][0].as<qint64>();
    }

    static int unpublished(const ServerProcess &server)
    {
        pqxx::connection connection{server.databaseUrl()};
        pqxx::nontransaction work{connection};
        return work.exec("SELECT count(*) FROM outbox_pending")[0][0].as<int>();
    }

    // Subscribes and applies the first answer; returns the subscribe result.
    static QJsonObject subscribe(WsClient &client,
                                 SeatmapMirror &mirror,
                                 const QString &eventId,
                                 qint64 since = -1)
    {
        QJsonObject params{{QStringLiteral("topic"), QStringLiteral("seatmap")},
                           {QStringLiteral("event_id"), eventId}};
        if (since >= 0)
            params.insert(QStringLiteral("since"), since);
        const QJsonObject reply = client.request(QStringLiteral("subscribe"), params);
        if (reply.value(u"result").toObject().value(u"mode").toString() == u"snapshot") {
            if (auto push = client.nextPush())
                mirror.apply(*push);
        } else {
            // The missing deltas follow as pushes.
        }
        return reply;
    }

    static void drain(WsClient &client, SeatmapMirror &mirror, int waitMs = 50)
    {
        while (auto push = client.nextPush(waitMs))
            mirror.apply(*push);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!m_url.empty());
    }

    // A transaction that stays open while later ones commit: the relay must wait for it and
    // then publish everything, skipping nothing.
    void relayWaitsForLateCommit()
    {
        ServerProcess server(m_url);
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("late"), 1, 2, 5);
        QVERIFY(!eventId.isEmpty());
        WsClient watcher(server.port(), testToken(QStringLiteral("watcher")));
        QVERIFY(watcher.isConnected());
        SeatmapMirror mirror;
        subscribe(watcher, mirror, eventId);
        QCOMPARE(mirror.version, 0);

        pqxx::connection connection{server.databaseUrl()};
        pqxx::work late{connection};
        late.exec_params("UPDATE inventory SET status = 'blocked' WHERE event_id = $1::uuid"
                         " AND seat_id = 'S1-1-1'",
                         eventId.toStdString());
        late.exec_params("INSERT INTO outbox (event_id, kind, payload) VALUES ($1::uuid,"
                         " 'seats.blocked', '{\"seats\":[\"S1-1-1\"]}')",
                         eventId.toStdString());

        const QByteArray fan = testToken(QStringLiteral("fan-late"));
        const auto held = server.client().post("/holds",
                                               holdBody(eventId, {QStringLiteral("S1-1-2")}),
                                               fan);
        QCOMPARE(held.status, 201);
        // The hold committed, but its row sits above the open transaction's xid.
        QTest::qWait(600);
        QCOMPARE(dbVersion(server, eventId), 0);
        QCOMPARE(unpublished(server), 1); // the open transaction's row is not visible yet
        drain(watcher, mirror);
        QCOMPARE(mirror.deltas, 0);

        late.commit();
        QVERIFY(waitUntil([&] { return unpublished(server) == 0; }));
        QVERIFY(waitUntil([&] {
            drain(watcher, mirror);
            return mirror.seats.value(QStringLiteral("S1-1-1")) == u"blocked"
                   && mirror.seats.value(QStringLiteral("S1-1-2")) == u"held";
        }));
        QCOMPARE(mirror.gaps, 0);
        QCOMPARE(mirror.duplicates, 0);
        QCOMPARE(mirror.version, dbVersion(server, eventId));
        // Published in transaction order: the late transaction's row is in the first version.
        pqxx::nontransaction check{connection};
        const auto first = check.exec_params(
            "SELECT changes::text FROM seatmap_log WHERE event_id = $1::uuid ORDER BY version"
            " LIMIT 1",
            eventId.toStdString());
        QVERIFY(QByteArray(first[0][0].c_str()).contains("S1-1-1"));
    }

    // A hold on instance A reaches a subscriber on B; the relay leader is killed and another
    // instance takes over without a gap or a duplicate reaching the client.
    void crossInstanceAndFailover()
    {
        ServerProcess a(m_url);
        QVERIFY2(a.isRunning(), a.log().constData());
        ServerProcess b(&a);
        ServerProcess c(&a);
        QVERIFY(b.isRunning() && c.isRunning());
        const QString eventId = createEvent(a, QStringLiteral("multi"), 1, 4, 10, 40, 40);
        QVERIFY(!eventId.isEmpty());

        ServerProcess *instances[] = {&a, &b, &c};
        ServerProcess *leader = nullptr;
        QVERIFY(waitUntil([&] {
            for (ServerProcess *server : instances)
                if (metricValue(*server, QStringLiteral("boxoffice_relay_leader")) == 1.0)
                    leader = server;
            return leader != nullptr;
        }));
        int leaders = 0;
        for (ServerProcess *server : instances)
            leaders += metricValue(*server, QStringLiteral("boxoffice_relay_leader")) == 1.0;
        QCOMPARE(leaders, 1);
        ServerProcess *follower = leader == &a ? &b : &a;
        ServerProcess *writer = (leader != &c && follower != &c) ? &c : (leader == &b ? &a : &b);

        WsClient client(follower->port(), testToken(QStringLiteral("viewer")));
        QVERIFY(client.isConnected());
        SeatmapMirror mirror;
        subscribe(client, mirror, eventId);

        const QByteArray fan = testToken(QStringLiteral("fan-multi"));
        QCOMPARE(writer->client()
                     .post("/holds", holdBody(eventId, {QStringLiteral("S1-1-1")}), fan)
                     .status,
                 201);
        QVERIFY(waitUntil([&] {
            drain(client, mirror, 20);
            return mirror.seats.value(QStringLiteral("S1-1-1")) == u"held";
        }));

        leader->kill();
        for (int i = 2; i <= 10; ++i)
            QCOMPARE(writer->client()
                         .post("/holds", holdBody(eventId, {QStringLiteral("S1-2-%1").arg(i)}), fan)
                         .status,
                     201);
        QVERIFY(waitUntil(
            [&] {
                drain(client, mirror, 20);
                return mirror.seats.value(QStringLiteral("S1-2-10")) == u"held";
            },
            15000));
        for (int i = 2; i <= 10; ++i)
            QCOMPARE(mirror.seats.value(QStringLiteral("S1-2-%1").arg(i)), QStringLiteral("held"));
        QCOMPARE(mirror.gaps, 0);
        QCOMPARE(mirror.duplicates, 0);
        QCOMPARE(mirror.version, dbVersion(*writer, eventId));
        leaders = 0;
        for (ServerProcess *server : instances)
            if (server != leader)
                leaders += metricValue(*server, QStringLiteral("boxoffice_relay_leader")) == 1.0;
        QCOMPARE(leaders, 1);
    }

    // Reconnecting with `since` gets the missing deltas; once they are pruned, a snapshot.
    void reconnectWithSince()
    {
        ServerProcess server(m_url,
                             {QStringLiteral("--seatmap-log-retention-s"), QStringLiteral("2")});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("since"), 1, 2, 10);
        const QByteArray fan = testToken(QStringLiteral("fan-since"));
        for (int i = 1; i <= 3; ++i) {
            QCOMPARE(server.client()
                         .post("/holds", holdBody(eventId, {QStringLiteral("S1-1-%1").arg(i)}), fan)
                         .status,
                     201);
            // One version per hold: wait for each to be published.
            QVERIFY(waitUntil([&] { return dbVersion(server, eventId) == i; }));
        }

        WsClient client(server.port(), testToken(QStringLiteral("viewer")));
        SeatmapMirror mirror;
        mirror.version = 1;
        const QJsonObject reply = subscribe(client, mirror, eventId, 1);
        QCOMPARE(reply.value(u"result").toObject().value(u"mode").toString(),
                 QStringLiteral("delta"));
        QCOMPARE(reply.value(u"result").toObject().value(u"version").toInteger(), 3);
        mirror.version = 1;
        drain(client, mirror, 200);
        QCOMPARE(mirror.deltas, 2);
        QCOMPARE(mirror.version, 3);
        QCOMPARE(mirror.gaps, 0);

        // Older versions are pruned after the retention time (the newest one stays).
        QVERIFY(waitUntil(
            [&] {
                pqxx::connection connection{server.databaseUrl()};
                pqxx::nontransaction work{connection};
                return work.exec_params("SELECT count(*) FROM seatmap_log WHERE event_id ="
                                        " $1::uuid",
                                        eventId.toStdString())[0][0]
                           .as<int>()
                       == 1;
            },
            8000));
        WsClient late(server.port(), testToken(QStringLiteral("viewer")));
        SeatmapMirror fresh;
        const QJsonObject again = subscribe(late, fresh, eventId, 1);
        QCOMPARE(again.value(u"result").toObject().value(u"mode").toString(),
                 QStringLiteral("snapshot"));
        QCOMPARE(fresh.snapshots, 1);
        QCOMPARE(fresh.version, 3);
        QCOMPARE(fresh.seats.value(QStringLiteral("S1-1-3")), QStringLiteral("held"));
        // Up to date: nothing to send.
        WsClient current(server.port(), testToken(QStringLiteral("viewer")));
        SeatmapMirror same;
        QCOMPARE(subscribe(current, same, eventId, 3)
                     .value(u"result")
                     .toObject()
                     .value(u"mode")
                     .toString(),
                 QStringLiteral("delta"));
    }

    // Many clients hold and release at random through the WebSocket; a subscriber on another
    // instance that applies every push ends with exactly the database's seat map.
    void burstConverges()
    {
        const int changes = qEnvironmentVariableIntValue("BOXOFFICE_BURST_CHANGES") > 0
                                ? qEnvironmentVariableIntValue("BOXOFFICE_BURST_CHANGES")
                                : 10000;
        const QStringList fast{QStringLiteral("--ws-ops-per-second"), QStringLiteral("100000")};
        ServerProcess a(m_url, fast);
        QVERIFY2(a.isRunning(), a.log().constData());
        ServerProcess b(&a, fast);
        QVERIFY(b.isRunning());
        const QString eventId = createEvent(a, QStringLiteral("burst"), 2, 10, 20, 10, 3);

        WsClient viewer(b.port(), testToken(QStringLiteral("viewer")));
        SeatmapMirror mirror;
        subscribe(viewer, mirror, eventId);
        QCOMPARE(mirror.seats.size(), 400);
        QObject::connect(&viewer.socket(), &QWebSocket::textMessageReceived, [&](const QString &) {
            while (auto push = viewer.nextPush(0))
                mirror.apply(*push);
        });

        struct Buyer
        {
            std::unique_ptr<WsClient> client;
            QStringList holds;
        };
        std::vector<Buyer> buyers;
        for (int i = 0; i < 32; ++i) {
            Buyer buyer;
            buyer.client = std::make_unique<WsClient>((i % 2 ? b : a).port(),
                                                      testToken(QStringLiteral("burst-%1").arg(i)));
            QVERIFY(buyer.client->isConnected());
            buyers.push_back(std::move(buyer));
        }
        int done = 0;
        int inFlight = 0;
        auto *random = QRandomGenerator::global();
        std::function<void(Buyer &)> next = [&](Buyer &buyer) {
            if (done + inFlight >= changes)
                return;
            ++inFlight;
            if (buyer.holds.size() >= 3 || (!buyer.holds.isEmpty() && random->bounded(3) == 0)) {
                const QString hold = buyer.holds.takeAt(int(random->bounded(buyer.holds.size())));
                buyer.client->send(QStringLiteral("hold.release"),
                                   {{QStringLiteral("hold_id"), hold}});
            } else {
                const QString seat = QStringLiteral("S%1-%2-%3")
                                         .arg(random->bounded(2) + 1)
                                         .arg(random->bounded(10) + 1)
                                         .arg(random->bounded(20) + 1);
                buyer.client->send(QStringLiteral("hold.create"), holdBody(eventId, {seat}));
            }
        };
        for (Buyer &buyer : buyers) {
            Buyer *self = &buyer;
            QObject::connect(&buyer.client->socket(),
                             &QWebSocket::textMessageReceived,
                             [&, self](const QString &text) {
                                 const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8())
                                                               .object();
                                 if (!frame.contains(u"id"))
                                     return;
                                 --inFlight;
                                 const QJsonObject result = frame.value(u"result").toObject();
                                 if (frame.value(u"ok").toBool()) {
                                     ++done;
                                     if (result.contains(u"hold_id"))
                                         self->holds.append(result.value(u"hold_id").toString());
                                 } else if (frame.value(u"error")[u"code"].toString()
                                            != u"seat_unavailable") {
                                     qWarning("unexpected error: %s", qPrintable(text));
                                 } // a refused hold is an answer, not a change
                                 next(*self);
                             });
            next(buyer);
        }
        if (!waitUntil([&] { return done >= changes && inFlight == 0; }, 60000)) {
            // Which instance stopped answering, and what it said.
            qWarning("instance a:\n%s", a.log().right(4000).constData());
            qWarning("instance b:\n%s", b.log().right(4000).constData());
            QFAIL(qPrintable(
                QStringLiteral("%1 changes done, %2 answers missing").arg(done).arg(inFlight)));
        }
        QVERIFY(waitUntil([&] { return unpublished(a) == 0; }, 20000));
        const qint64 version = dbVersion(a, eventId);
        QVERIFY(waitUntil([&] { return mirror.version == version; }, 20000));
        QCOMPARE(mirror.gaps, 0);
        QCOMPARE(mirror.duplicates, 0);

        const auto map = a.client().get("/events/" + eventId.toUtf8() + "/seatmap").json();
        QCOMPARE(map.value(u"version").toInteger(), version);
        int compared = 0;
        for (const auto &seat : map.value(u"seats").toArray()) {
            QCOMPARE(mirror.seats.value(seat[u"id"].toString()), seat[u"status"].toString());
            ++compared;
        }
        QCOMPARE(compared, 400);
        QVERIFY(inventoryViolations(a.databaseUrl()).isEmpty());
        qInfo("%d changes, %d deltas, seat-map version %lld", done, mirror.deltas, version);
    }
};

QTEST_GUILESS_MAIN(TestRealtime)
#include "tst_realtime.moc"
