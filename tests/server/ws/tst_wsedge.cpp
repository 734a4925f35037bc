// SPDX-License-Identifier: GPL-3.0-or-later
// The WebSocket endpoint's edges: authentication, malformed frames, limits, shared errors with
// REST, slow consumers; plus the seat map's ETag and /metrics.

#include "rawwsclient.h"
#include "realtimefixture.h"
#include "testenv.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

using namespace boxoffice::test;

class TestWsEdge : public QObject
{
    Q_OBJECT

    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;

    QJsonObject seatmapParams() const
    {
        return {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                {QStringLiteral("event_id"), m_eventId}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server
            = std::make_unique<ServerProcess>(url,
                                              QStringList{QStringLiteral("--ws-ops-per-second"),
                                                          QStringLiteral("20"),
                                                          QStringLiteral("--ws-max-queue-bytes"),
                                                          QStringLiteral("16384"),
                                                          QStringLiteral("--socket-send-buffer"),
                                                          QStringLiteral("8192")});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_eventId = createEvent(*m_server, QStringLiteral("edge"), 2, 10, 20, 40, 40);
        QVERIFY(!m_eventId.isEmpty());
    }

    void badTokenOnUpgradeCloses()
    {
        WsClient client(m_server->port(), "not-a-token");
        QVERIFY(client.waitClosed());
        WsClient query(m_server->port(), {}, QStringLiteral("?access_token=junk"));
        QVERIFY(query.waitClosed());
        QCOMPARE(m_server->client().get("/healthz").status, 200);
    }

    void queryTokenAndFirstFrameAuth()
    {
        WsClient byQuery(m_server->port(),
                         {},
                         QStringLiteral("?access_token=") + testToken(QStringLiteral("q-user")));
        QVERIFY(byQuery.isConnected());
        const QJsonObject missing = byQuery.request(QStringLiteral("hold.get"),
                                                    {{QStringLiteral("hold_id"),
                                                      QStringLiteral("nope")}});
        QCOMPARE(missing.value(u"ok").toBool(), false);
        QCOMPARE(missing.value(u"error")[u"code"].toString(), QStringLiteral("not_found"));
        QCOMPARE(missing.value(u"error")[u"status"].toInt(), 404);

        WsClient later(m_server->port());
        QVERIFY(later.isConnected());
        // Without a token only seat maps may be watched (tst_wssessionlimits).
        const QJsonObject early = later.request(QStringLiteral("hold.get"),
                                                {{QStringLiteral("hold_id"),
                                                  QStringLiteral("nope")}});
        QCOMPARE(early.value(u"error")[u"code"].toString(), QStringLiteral("unauthenticated"));
        const QJsonObject wrong = later.request(QStringLiteral("auth"),
                                                {{QStringLiteral("token"),
                                                  QStringLiteral("x.y.z")}});
        QCOMPARE(wrong.value(u"error")[u"code"].toString(), QStringLiteral("unauthenticated"));
        const QJsonObject ok = later.request(QStringLiteral("auth"),
                                             {{QStringLiteral("token"),
                                               QString::fromLatin1(
                                                   testToken(QStringLiteral("f-user"),
                                                             QStringLiteral("clerk")))}});
        QVERIFY(ok.value(u"ok").toBool());
        QCOMPARE(ok.value(u"result")[u"sub"].toString(), QStringLiteral("f-user"));
        QCOMPARE(ok.value(u"result")[u"role"].toString(), QStringLiteral("clerk"));
        const QJsonObject subscribed = later.request(QStringLiteral("subscribe"), seatmapParams());
        QCOMPARE(subscribed.value(u"result")[u"mode"].toString(), QStringLiteral("snapshot"));
        const auto snapshot = later.nextPush();
        QVERIFY(snapshot);
        QCOMPARE(snapshot->value(u"type").toString(), QStringLiteral("seatmap.snapshot"));
        QCOMPARE(snapshot->value(u"seats").toArray().size(), 400);
    }

    void malformedFramesGetErrors_data()
    {
        QTest::addColumn<QString>("frame");
        QTest::newRow("not json") << QStringLiteral("{nope");
        QTest::newRow("array") << QStringLiteral("[1,2]");
        QTest::newRow("no op") << QStringLiteral("{\"id\":99}");
        QTest::newRow("unknown op") << QStringLiteral("{\"id\":99,\"op\":\"explode\"}");
        QTest::newRow("bad topic") << QStringLiteral(
            "{\"id\":99,\"op\":\"subscribe\",\"topic\":\"x\",\"event_id\":\"a\"}");
        QTest::newRow("bad since")
            << QStringLiteral("{\"id\":99,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":"
                              "\"a\",\"since\":-4}");
        QTest::newRow("unknown event") << QStringLiteral(
            "{\"id\":99,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"nope\"}");
        QTest::newRow("bad hold") << QStringLiteral(
            "{\"id\":99,\"op\":\"hold.create\",\"seats\":7}");
    }

    void malformedFramesGetErrors()
    {
        QFETCH(QString, frame);
        WsClient client(m_server->port(), testToken(QStringLiteral("junk-user")));
        QVERIFY(client.isConnected());
        client.sendText(frame);
        const auto reply = client.nextFrame();
        QVERIFY(reply);
        QCOMPARE(reply->value(u"ok").toBool(true), false);
        const QString code = reply->value(u"error")[u"code"].toString();
        QVERIFY2(code == u"bad_request" || code == u"not_found", qPrintable(code));
        // Still serving.
        const QJsonObject after = client.request(QStringLiteral("subscribe"), seatmapParams());
        QVERIFY(after.value(u"ok").toBool());
    }

    void binaryAndOversizedFrames()
    {
        WsClient client(m_server->port(), testToken(QStringLiteral("big-user")));
        client.socket().sendBinaryMessage("\x01\x02");
        const auto reply = client.nextFrame();
        QVERIFY(reply);
        QCOMPARE(reply->value(u"error")[u"code"].toString(), QStringLiteral("bad_request"));
        client.sendText(QString(70 * 1024, u'x'));
        QVERIFY(client.waitClosed());
        QCOMPARE(m_server->client().get("/healthz").status, 200);
    }

    void rateLimited()
    {
        WsClient client(m_server->port(), testToken(QStringLiteral("fast-user")));
        QList<int> ids;
        for (int i = 0; i < 60; ++i)
            ids.append(client.send(QStringLiteral("hold.get"),
                                   {{QStringLiteral("hold_id"), QStringLiteral("x")}}));
        int limited = 0;
        for (int id : ids) {
            const auto reply = client.reply(id);
            if (!reply)
                break;
            if (reply->value(u"error")[u"code"].toString() == u"rate_limited")
                ++limited;
        }
        QVERIFY2(limited >= 10, qPrintable(QString::number(limited)));
    }

    // hold.* over the WebSocket and REST share one code path and the same problems.
    void holdOpsShareErrorsWithRest()
    {
        const QByteArray alice = testToken(QStringLiteral("alice"));
        const auto rest = m_server->client().post("/holds",
                                                  holdBody(m_eventId, {QStringLiteral("S2-1-1")}),
                                                  alice);
        QCOMPARE(rest.status, 201);
        WsClient bob(m_server->port(), testToken(QStringLiteral("bob")));
        QJsonObject taken = holdBody(m_eventId,
                                     {QStringLiteral("S2-1-1"), QStringLiteral("S2-1-2")});
        const QJsonObject refused = bob.request(QStringLiteral("hold.create"), taken);
        const auto restRefused = m_server->client().post("/holds", taken, testToken("carol"));
        // The same problem as REST (whose answer also names its request).
        QCOMPARE(refused.value(u"error").toObject(), restRefused.jsonWithoutRequestId());
        QCOMPARE(refused.value(u"error")[u"code"].toString(), QStringLiteral("seat_unavailable"));

        taken.insert(QStringLiteral("idempotency_key"), QStringLiteral("k-1"));
        taken.insert(QStringLiteral("seats"), QJsonArray{QStringLiteral("S2-1-5")});
        const QJsonObject created = bob.request(QStringLiteral("hold.create"), taken);
        QVERIFY(created.value(u"ok").toBool());
        const QJsonObject replayed = bob.request(QStringLiteral("hold.create"), taken);
        QCOMPARE(replayed.value(u"result"), created.value(u"result"));
        const QString holdId = created.value(u"result")[u"hold_id"].toString();
        // Another user's hold is 404 on both paths.
        WsClient eve(m_server->port(), testToken(QStringLiteral("eve")));
        QCOMPARE(eve.request(QStringLiteral("hold.get"), {{QStringLiteral("hold_id"), holdId}})
                     .value(u"error")[u"code"]
                     .toString(),
                 QStringLiteral("not_found"));
        QCOMPARE(bob.request(QStringLiteral("hold.release"), {{QStringLiteral("hold_id"), holdId}})
                     .value(u"ok")
                     .toBool(),
                 true);
        QCOMPARE(bob.request(QStringLiteral("hold.get"), {{QStringLiteral("hold_id"), holdId}})
                     .value(u"result")[u"status"]
                     .toString(),
                 QStringLiteral("released"));
        const QJsonObject order = bob.request(QStringLiteral("order.create"),
                                              {{QStringLiteral("hold_id"), holdId}});
        // An order on a released hold: the OrderService's problem, as over REST.
        const auto restOrder = m_server->client().post("/orders",
                                                       QJsonObject{
                                                           {QStringLiteral("hold_id"), holdId}},
                                                       testToken(QStringLiteral("bob")));
        QCOMPARE(order.value(u"error").toObject(), restOrder.jsonWithoutRequestId());
        QCOMPARE(order.value(u"error")[u"code"].toString(), QStringLiteral("hold_expired"));
    }

    void seatmapEtag()
    {
        const QByteArray path = "/events/" + m_eventId.toUtf8() + "/seatmap";
        const auto initial = m_server->client().get(path);
        QCOMPARE(initial.status, 200);
        const QByteArray etag = initial.header("etag");
        QCOMPARE(etag, '"' + QByteArray::number(initial.json().value(u"version").toInteger()) + '"');
        HttpRequest again = HttpClient::request("GET", path, {}, {}, {{"If-None-Match", etag}});
        // Earlier tests' changes may still be on their way to the log: wait for a stable version.
        QVERIFY(waitUntil([&] {
            const auto current = m_server->client().get(path);
            again.headers = {{"If-None-Match", current.header("etag")}};
            return m_server->client().send(again).status == 304;
        }));
        // A late change of an earlier test may still land after the "stable" check above, so
        // the new version is awaited relative to `first`, not to the ETag checked above.
        const auto first = m_server->client().get(path);
        const qint64 firstVersion = first.json().value(u"version").toInteger();
        QCOMPARE(first.header("etag"), '"' + QByteArray::number(firstVersion) + '"');
        QCOMPARE(m_server->client()
                     .post("/holds",
                           holdBody(m_eventId, {QStringLiteral("S1-9-9")}),
                           testToken(QStringLiteral("etag-user")))
                     .status,
                 201);
        again.headers = {{"If-None-Match", first.header("etag")}};
        // The first version after `first` may be that late change: wait for the one with the
        // hold in the map served under it.
        const auto heldIn = [](const HttpResponse &response) {
            for (const auto &seat : response.json().value(u"seats").toArray()) {
                if (seat[u"id"].toString() == u"S1-9-9")
                    return seat[u"status"].toString() == u"held";
            }
            return false;
        };
        HttpResponse changed;
        QVERIFY(waitUntil([&] {
            changed = m_server->client().send(again);
            return changed.status == 200
                   && changed.json().value(u"version").toInteger() > firstVersion
                   && heldIn(changed);
        }));
        QCOMPARE(changed.header("etag"),
                 '"' + QByteArray::number(changed.json().value(u"version").toInteger()) + '"');
        again.headers = {{"If-None-Match", changed.header("etag")}};
        const auto notModified = m_server->client().send(again);
        QVERIFY(notModified.status == 304 || notModified.status == 200); // 200: yet another change
        if (notModified.status == 304)
            QCOMPARE(notModified.header("etag"), changed.header("etag"));
    }

    // A client that stops reading: its queue stays bounded, the backlog is dropped, and when
    // it reads again it gets a fresh snapshot.
    void slowConsumerStaysBounded()
    {
        RawWsClient slow(m_server->port(), testToken(QStringLiteral("slow")), 2048);
        QVERIFY(slow.isOpen());
        slow.sendText(QJsonDocument(QJsonObject{{QStringLiteral("id"), 1},
                                                {QStringLiteral("op"), QStringLiteral("subscribe")},
                                                {QStringLiteral("topic"), QStringLiteral("seatmap")},
                                                {QStringLiteral("event_id"), m_eventId}})
                          .toJson(QJsonDocument::Compact));
        QTest::qWait(300); // the reply and snapshot sit in the buffers, unread
        const double droppedBefore = metricValue(*m_server,
                                                 QStringLiteral(
                                                     "boxoffice_ws_backlog_dropped_total"));
        const auto dropped = [&] {
            return metricValue(*m_server, QStringLiteral("boxoffice_ws_backlog_dropped_total"))
                   > droppedBefore;
        };
        // Each round holds and releases 40 seats: up to two deltas of ~1.5 KiB (fewer when the
        // relay publishes several rounds as one version, as it does on a busy machine), so
        // rounds go on until the backlog was dropped rather than for a fixed count.
        for (int round = 0; round < 600 && (round % 20 != 19 || !dropped()); ++round) {
            const QByteArray user = testToken(QStringLiteral("churn-%1").arg(round % 5));
            QStringList seats;
            for (int n = 1; n <= 20; ++n) {
                seats.append(QStringLiteral("S1-%1-%2").arg(round % 4 * 2 + 1).arg(n));
                seats.append(QStringLiteral("S1-%1-%2").arg(round % 4 * 2 + 2).arg(n));
            }
            const auto held = m_server->client().post("/holds", holdBody(m_eventId, seats), user);
            if (held.status == 201)
                m_server->client().del("/holds/" + held.json().value(u"hold_id").toString().toUtf8(),
                                       user);
        }
        QVERIFY2(waitUntil(dropped),
                 qPrintable(
                     QStringLiteral("peak queue %1 bytes")
                         .arg(metricValue(*m_server,
                                          QStringLiteral("boxoffice_ws_max_queued_bytes")))));
        // The bound plus what is never dropped (replies, a snapshot of 400 seats ~17 KiB, a
        // catch-up): tens of KiB, where an unbounded backlog would be megabytes.
        const double peak = metricValue(*m_server, QStringLiteral("boxoffice_ws_max_queued_bytes"));
        QVERIFY2(peak <= 16384 + 48000, qPrintable(QString::number(peak)));
        // Reading again: after the initial snapshot, the deltas it took and a fresh snapshot
        // (never a gap), it ends at the database's version.
        SeatmapMirror mirror;
        QVERIFY(waitUntil(
            [&] {
                for (const QJsonObject &frame : slow.read(100))
                    mirror.apply(frame);
                const auto map = m_server->client().get("/events/" + m_eventId.toUtf8()
                                                        + "/seatmap");
                return mirror.snapshots >= 2
                       && mirror.version == map.json().value(u"version").toInteger();
            },
            15000));
        QCOMPARE(mirror.gaps, 0);
        QCOMPARE(mirror.seats.size(), 400);
    }

    void seatHistory()
    {
        const QByteArray user = testToken(QStringLiteral("history-user"));
        const auto held = m_server->client().post("/holds",
                                                  holdBody(m_eventId, {QStringLiteral("S2-9-1")}),
                                                  user);
        QCOMPARE(held.status, 201);
        const QString holdId = held.json().value(u"hold_id").toString();
        QCOMPARE(m_server->client().del("/holds/" + holdId.toUtf8(), user).status, 204);
        const QByteArray path = "/events/" + m_eventId.toUtf8() + "/seats/S2-9-1/history";
        const QByteArray manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
        QJsonArray history;
        QVERIFY(waitUntil([&] {
            history = m_server->client().get(path, manager).json().value(u"history").toArray();
            return history.size() == 2;
        }));
        QCOMPARE(history[0][u"kind"].toString(), QStringLiteral("seats.held"));
        QCOMPARE(history[0][u"hold_id"].toString(), holdId);
        QCOMPARE(history[0][u"owner"].toString(), QStringLiteral("history-user"));
        QCOMPARE(history[1][u"kind"].toString(), QStringLiteral("seats.released"));
        QCOMPARE(m_server->client().get(path, user).status, 403);
        QCOMPARE(m_server->client()
                     .get("/events/" + m_eventId.toUtf8() + "/seats/NOPE/history", manager)
                     .status,
                 404);
    }

    void jsonLogs()
    {
        ServerProcess server(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                             {QStringLiteral("--log-format"), QStringLiteral("json")},
                             {{QStringLiteral("QT_LOGGING_RULES"),
                               QStringLiteral("boxoffice.*=true")}});
        QVERIFY(server.isRunning());
        QVERIFY(waitUntil([&] { return server.log().contains("outbox"); }));
        int lines = 0;
        for (const QByteArray &line : server.log().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonObject object = QJsonDocument::fromJson(line).object();
            QVERIFY2(object.contains(u"msg") && object.contains(u"level") && object.contains(u"ts"),
                     line.constData());
            ++lines;
        }
        QVERIFY(lines > 0);
    }

    void metricsAcceptedByPromtool()
    {
        const QByteArray text = m_server->client().get("/metrics").body;
        for (const char *series : {"boxoffice_hold_requests_total{result=\"created\"}",
                                   "boxoffice_hold_conflicts_total",
                                   "boxoffice_queue_wait_seconds_bucket",
                                   "boxoffice_checkout_seconds_count",
                                   "boxoffice_payments_unmatched_total",
                                   "boxoffice_compensations_pending",
                                   "boxoffice_outbox_lag_seconds",
                                   "boxoffice_projection_lag_seconds",
                                   "boxoffice_ws_connections",
                                   "boxoffice_http_request_duration_seconds_bucket"})
            QVERIFY2(text.contains(series), series);
        QVERIFY(metricValue(*m_server,
                            QStringLiteral("boxoffice_hold_requests_total{result=\"created\"}"))
                >= 1);
        const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
        QVERIFY2(!promtool.isEmpty(), "promtool missing: run scripts/setup (package prometheus)");
        QProcess check;
        check.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
        check.write(text);
        check.closeWriteChannel();
        QVERIFY(check.waitForFinished(30000));
        QVERIFY2(check.exitCode() == 0,
                 QByteArray(check.readAllStandardOutput() + check.readAllStandardError())
                     .constData());
    }
};

QTEST_GUILESS_MAIN(TestWsEdge)
#include "tst_wsedge.moc"
