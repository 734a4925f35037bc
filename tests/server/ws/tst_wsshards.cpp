// SPDX-License-Identifier: GPL-3.0-or-later
// WebSocket connections spread over several shard threads: every session on every shard gets
// every delta in order, sessions closing while a fan-out is in flight, shutdown.

#include "realtimefixture.h"
#include "testenv.h"

using namespace boxoffice::test;

class TestWsShards : public QObject
{
    Q_OBJECT

    std::string m_url;

    struct Viewer
    {
        std::unique_ptr<WsClient> client;
        SeatmapMirror mirror;
    };

    // `count` subscribers of `eventId`, each with its snapshot applied.
    static std::vector<Viewer> subscribers(const ServerProcess &server,
                                           const QString &eventId,
                                           int count)
    {
        std::vector<Viewer> viewers(static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) {
            Viewer &viewer = viewers[size_t(i)];
            viewer.client = std::make_unique<WsClient>(server.port(),
                                                       testToken(
                                                           QStringLiteral("viewer-%1").arg(i)));
            const QJsonObject reply
                = viewer.client->request(QStringLiteral("subscribe"),
                                         {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                                          {QStringLiteral("event_id"), eventId}});
            if (reply.value(u"result")[u"mode"].toString() == u"snapshot") {
                if (auto push = viewer.client->nextPush())
                    viewer.mirror.apply(*push);
            }
        }
        return viewers;
    }

    static QStringList heldSeats(const QHash<QString, QString> &seats)
    {
        QStringList held;
        for (auto it = seats.cbegin(); it != seats.cend(); ++it) {
            if (*it == u"held")
                held.append(it.key());
        }
        held.sort();
        return held;
    }

    // Holds `count` seats one by one (back to back, so deltas pile up behind fan-outs on every
    // shard); calls `after(i)` after each. Returns the seats, sorted.
    static QStringList holdSeats(const ServerProcess &server,
                                 const QString &eventId,
                                 int count,
                                 const std::function<void(int)> &after = {})
    {
        QStringList seats;
        for (int i = 0; i < count; ++i) {
            const QString seat = QStringLiteral("S1-%1-%2").arg(i / 10 + 1).arg(i % 10 + 1);
            const int status = server.client()
                                   .post("/holds",
                                         holdBody(eventId, {seat}),
                                         testToken(QStringLiteral("buyer-%1").arg(i)))
                                   .status;
            if (status != 201)
                qWarning("hold %d: %d", i, status);
            seats.append(seat);
            if (after)
                after(i);
        }
        seats.sort();
        return seats;
    }

    // Applies every push until each viewer holds exactly `held` (or time runs out).
    static bool catchUp(std::vector<Viewer> &viewers, const QStringList &held)
    {
        return waitUntil(
            [&] {
                bool all = true;
                for (Viewer &viewer : viewers) {
                    while (auto push = viewer.client->nextPush(0))
                        viewer.mirror.apply(*push);
                    all = all && heldSeats(viewer.mirror.seats) == held;
                }
                return all;
            },
            20000);
    }

    // Every viewer got consecutive versions, the same ones.
    static void checkInOrder(const std::vector<Viewer> &viewers)
    {
        for (const Viewer &viewer : viewers) {
            QCOMPARE(viewer.mirror.gaps, 0);
            QCOMPARE(viewer.mirror.duplicates, 0);
            QVERIFY(viewer.mirror.deltas >= 1);
            QCOMPARE(viewer.mirror.version, viewers.front().mirror.version);
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!m_url.empty());
    }

    // More shards than this machine's cores: sessions land on every one of them.
    void everySessionGetsEveryDeltaInOrder()
    {
        ServerProcess server(m_url, {QStringLiteral("--ws-shards"), QStringLiteral("3")});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("shards"), 1, 4, 10, 40, 40);
        QVERIFY(!eventId.isEmpty());
        std::vector<Viewer> viewers = subscribers(server, eventId, 24);
        QCOMPARE(metricValue(server, QStringLiteral("boxoffice_ws_connections")), 24.0);
        const QStringList held = holdSeats(server, eventId, 30);
        QVERIFY(catchUp(viewers, held));
        checkInOrder(viewers);
    }

    // Half the sessions go (aborted or closed) while holds keep coming: the others miss
    // nothing, and the server forgets the ones that left.
    void sessionsClosingDuringFanOut()
    {
        ServerProcess server(m_url, {QStringLiteral("--ws-shards"), QStringLiteral("3")});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("leave"), 1, 4, 10, 40, 40);
        QVERIFY(!eventId.isEmpty());
        std::vector<Viewer> viewers = subscribers(server, eventId, 24);
        const QStringList held = holdSeats(server, eventId, 30, [&](int i) {
            if (i % 2 == 0 && !viewers.empty()) {
                Viewer &leaving = viewers.back();
                if (i % 4 == 0)
                    leaving.client->socket().abort();
                else
                    leaving.client->socket().close();
                viewers.pop_back();
            }
        });
        QCOMPARE(viewers.size(), size_t(9));
        QVERIFY(catchUp(viewers, held));
        checkInOrder(viewers);
        QVERIFY(waitUntil([&] {
            return metricValue(server, QStringLiteral("boxoffice_ws_connections")) == 9.0;
        }));
        QCOMPARE(server.client().get("/healthz").status, 200);
    }

    // SIGTERM: every shard's sessions get a "going away" close frame, and the server exits.
    void shutdownClosesEveryShard()
    {
        ServerProcess server(m_url, {QStringLiteral("--ws-shards"), QStringLiteral("3")});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QString eventId = createEvent(server, QStringLiteral("bye"), 1, 2, 5);
        QVERIFY(!eventId.isEmpty());
        std::vector<Viewer> viewers = subscribers(server, eventId, 9);
        QCOMPARE(server.terminate(), 0);
        for (Viewer &viewer : viewers) {
            QVERIFY(viewer.client->waitClosed());
            QCOMPARE(viewer.client->socket().closeCode(), QWebSocketProtocol::CloseCodeGoingAway);
        }
    }
};

QTEST_MAIN(TestWsShards)
#include "tst_wsshards.moc"
