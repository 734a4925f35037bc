// Seat-map snapshots: a first build (reading every seat's layout), a build from the stored
// template, a cached and a patched map, and the WebSocket snapshot all say the same as the
// database for the same version.

#include "realtimefixture.h"
#include "testenv.h"

#include <pqxx/pqxx>

using namespace boxoffice::test;

namespace {

struct DbMap
{
    qint64 version = 0;
    QHash<QString, QString> seats;
    QHash<QString, int> ga;
};

DbMap dbMap(const ServerProcess &server, const QString &eventId)
{
    pqxx::connection connection{server.databaseUrl()};
    pqxx::work work{connection};
    DbMap out;
    const std::string id = eventId.toStdString();
    out.version = work.exec_params("SELECT coalesce((SELECT version FROM seatmap_versions"
                                   " WHERE event_id = $1::uuid), 0)",
                                   id)[0][0]
                      .as<qint64>();
    for (const auto &row : work.exec_params(
             "SELECT seat_id, CASE WHEN status = 'held' AND expires_at < now() THEN 'available'"
             " ELSE status END FROM inventory WHERE event_id = $1::uuid",
             id))
        out.seats.insert(QString::fromStdString(row[0].as<std::string>()),
                         QString::fromStdString(row[1].as<std::string>()));
    for (const auto &row : work.exec_params("SELECT ga_id, capacity - held - sold FROM ga_zones"
                                            " WHERE event_id = $1::uuid",
                                            id))
        out.ga.insert(QString::fromStdString(row[0].as<std::string>()), row[1].as<int>());
    return out;
}

int unpublished(const ServerProcess &server)
{
    pqxx::connection connection{server.databaseUrl()};
    pqxx::nontransaction work{connection};
    return work.exec("SELECT count(*) FROM outbox_pending")[0][0].as<int>();
}

double snapshots(const ServerProcess &server, const char *kind)
{
    const double value = metricValue(server,
                                     QStringLiteral(
                                         "boxoffice_seatmap_snapshot_seconds_count{kind=\"%1\"}")
                                         .arg(QLatin1String(kind)));
    return qIsNaN(value) ? 0 : value;
}

// Statuses and GA counts of a GET body or a WebSocket snapshot push.
DbMap contentOf(const QJsonObject &map)
{
    DbMap out;
    out.version = map.value(u"version").toInteger();
    for (const auto &seat : map.value(u"seats").toArray())
        out.seats.insert(seat[u"id"].toString(), seat[u"status"].toString());
    for (const auto &zone : map.value(u"ga").toArray())
        out.ga.insert(zone[u"id"].toString(), zone[u"available"].toInt());
    return out;
}

void compareMaps(const DbMap &actual, const DbMap &expected)
{
    QCOMPARE(actual.version, expected.version);
    QCOMPARE(actual.seats.size(), expected.seats.size());
    QCOMPARE(actual.seats, expected.seats);
    QCOMPARE(actual.ga, expected.ga);
}

QJsonObject wsSnapshot(const ServerProcess &server, const QString &eventId)
{
    WsClient client(server.port(), testToken(QStringLiteral("viewer")));
    const QJsonObject reply = client.request(QStringLiteral("subscribe"),
                                             {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                                              {QStringLiteral("event_id"), eventId}});
    if (reply.value(u"result")[u"mode"].toString() != u"snapshot")
        return {};
    while (auto push = client.nextPush()) {
        if (push->value(u"type").toString() == u"seatmap.snapshot")
            return *push;
    }
    return {};
}

} // namespace

class TestSeatmapSnapshot : public QObject
{
    Q_OBJECT

    std::string m_url;

private Q_SLOTS:
    void initTestCase()
    {
        m_url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!m_url.empty());
    }

    void allFormsAgree()
    {
        ServerProcess a(m_url);
        QVERIFY2(a.isRunning(), a.log().constData());
        const QString eventId = createEvent(a, QStringLiteral("snap"), 2, 4, 6);
        const QByteArray path = "/events/" + eventId.toUtf8() + "/seatmap";
        // Creating the event builds its map once from the seats' layout, in the background.
        QVERIFY(waitUntil([&] { return snapshots(a, "scan") >= 1; }));

        const QByteArray fan = testToken(QStringLiteral("snap-fan"));
        QCOMPARE(a.client()
                     .post("/holds",
                           holdBody(eventId, {QStringLiteral("S1-1-1"), QStringLiteral("S2-4-6")}),
                           fan)
                     .status,
                 201);
        QCOMPARE(a.client()
                     .post("/holds",
                           QJsonObject{{QStringLiteral("event_id"), eventId},
                                       {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                       {QStringLiteral("quantity"), 3}},
                           fan)
                     .status,
                 201);
        QVERIFY(waitUntil([&] { return unpublished(a) == 0; }));
        const DbMap expected = dbMap(a, eventId);
        QVERIFY(expected.version > 0);
        QCOMPARE(expected.seats.value(QStringLiteral("S1-1-1")), QStringLiteral("held"));
        QCOMPARE(expected.ga.value(QStringLiteral("PISTA")), 47);

        // Patched: the map built at creation, moved forward by the log.
        const double patchesBefore = snapshots(a, "patch");
        const auto patched = a.client().get(path);
        QCOMPARE(patched.status, 200);
        QCOMPARE(snapshots(a, "patch"), patchesBefore + 1);
        compareMaps(contentOf(patched.json()), expected);
        QCOMPARE(patched.header("etag"), '"' + QByteArray::number(expected.version) + '"');

        // Cached: the same text.
        const auto cached = a.client().get(path);
        QCOMPARE(cached.body, patched.body);

        // Built from the stored template by another instance (its startup warm-up or the GET).
        ServerProcess b(&a);
        QVERIFY(b.isRunning());
        const auto fromTemplate = b.client().get(path);
        QCOMPARE(snapshots(b, "scan"), 0.0);
        QVERIFY(snapshots(b, "build") >= 1);
        QCOMPARE(fromTemplate.body, patched.body);

        // Built from the seats' layout again when no template is stored.
        {
            pqxx::connection connection{a.databaseUrl()};
            pqxx::work work{connection};
            work.exec("DELETE FROM seatmap_templates");
            work.commit();
        }
        ServerProcess c(&a);
        QVERIFY(c.isRunning());
        const auto scanned = c.client().get(path);
        QVERIFY(snapshots(c, "scan") >= 1);
        QCOMPARE(scanned.body, patched.body);

        // The WebSocket snapshot comes from the same map: same version, same statuses.
        for (const ServerProcess *server : {&a, &b, &c}) {
            const QJsonObject push = wsSnapshot(*server, eventId);
            QCOMPARE(push.value(u"event_id").toString(), eventId);
            compareMaps(contentOf(push), expected);
        }
    }

    void unknownEvent()
    {
        ServerProcess a(m_url);
        QVERIFY(a.isRunning());
        QCOMPARE(a.client().get("/events/00000000-0000-0000-0000-000000000000/seatmap").status, 404);
        QCOMPARE(a.client().get("/events/not-a-uuid/seatmap").status, 404);
        WsClient client(a.port(), testToken(QStringLiteral("viewer")));
        const QJsonObject reply
            = client.request(QStringLiteral("subscribe"),
                             {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                              {QStringLiteral("event_id"),
                               QStringLiteral("00000000-0000-0000-0000-000000000000")}});
        QCOMPARE(reply.value(u"error")[u"code"].toString(), QStringLiteral("not_found"));
    }
};

QTEST_GUILESS_MAIN(TestSeatmapSnapshot)
#include "tst_seatmapsnapshot.moc"
