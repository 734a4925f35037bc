// SPDX-License-Identifier: GPL-3.0-or-later
// Seat-map snapshots: a first build (reading every seat's layout), a build from the stored
// template, a cached and a patched map, and the WebSocket snapshot all say the same as the
// database for the same version; the status vector the relay keeps for cold builds follows
// holds, releases, expiries and sales, and is rebuilt when it is missing.

#include "realtimefixture.h"
#include "testenv.h"

#include <QMap>
#include <QRandomGenerator>
#include <QSet>

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

// The relay's status vector of the event and the live statuses in the same order (ordinal);
// {vector, live}, vector empty when the event has none.
std::pair<QByteArray, QByteArray> statusVector(const ServerProcess &server, const QString &eventId)
{
    pqxx::connection connection{server.databaseUrl()};
    pqxx::work work{connection};
    const auto row = work.exec_params1(
        "SELECT coalesce((SELECT string_agg(codes, '' ORDER BY chunk) FROM seatmap_statuses"
        " WHERE event_id = $1::uuid), ''), (SELECT string_agg(CASE WHEN status = 'held' AND"
        " expires_at < now() THEN 'a' ELSE left(status, 1) END, '' ORDER BY ordinal)"
        " FROM inventory WHERE event_id = $1::uuid)",
        eventId.toStdString());
    return {QByteArray(row[0].c_str()), QByteArray(row[1].c_str())};
}

// Active holds of the event past their expiry that the sweeper has not ended yet.
int unswept(const ServerProcess &server, const QString &eventId)
{
    pqxx::connection connection{server.databaseUrl()};
    pqxx::nontransaction work{connection};
    return work
        .exec_params1("SELECT count(*) FROM holds WHERE event_id = $1::uuid AND status = 'active'"
                      " AND expires_at < now()",
                      eventId.toStdString())[0]
        .as<int>();
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

// (position, count) pairs expanded to a position per seat.
QList<int> expandRuns(const QJsonArray &runs)
{
    QList<int> out;
    for (qsizetype k = 0; k + 1 < runs.size(); k += 2)
        out.append(QList<int>(runs[k + 1].toInt(), runs[k].toInt()));
    return out;
}

// (start, step, count) triples expanded to a value per seat, as the shop does; or the plain
// array `plain` when the plan has no runs for the field.
QJsonArray expandSteps(const QJsonObject &seats, const char16_t *runsName, const char16_t *plain)
{
    if (!seats.contains(runsName))
        return seats.value(plain).toArray();
    const QJsonArray runs = seats.value(runsName).toArray();
    QJsonArray out;
    for (qsizetype r = 0; r + 2 < runs.size(); r += 3) {
        for (int k = 0; k < runs[r + 2].toInt(); ++k)
            out.append(runs[r].toDouble() + double(k) * runs[r + 1].toDouble());
    }
    return out;
}

// The plan's seats as the full map lists them (every field but the status), in plan order.
QJsonArray planSeats(const QJsonObject &plan)
{
    const QJsonObject seats = plan.value(u"seats").toObject();
    const QList<int> sections = expandRuns(seats.value(u"section_runs").toArray());
    const QList<int> rows = expandRuns(seats.value(u"row_runs").toArray());
    const QList<int> categories = expandRuns(seats.value(u"category_runs").toArray());
    const QJsonArray numbers = expandSteps(seats, u"number_runs", u"number");
    const QJsonArray xs = expandSteps(seats, u"x_runs", u"x");
    const QJsonArray ys = expandSteps(seats, u"y_runs", u"y");
    // Numbers come in runs when all are plain integers; the full map has them as text.
    const auto number = [&numbers](int i) {
        return numbers[i].isDouble() ? QJsonValue(QString::number(numbers[i].toInteger()))
                                     : numbers[i];
    };
    // Ids listed, or "<section>-<row>-<number>" (the venues of these tests number them so).
    const auto id = [&](int i) -> QJsonValue {
        if (seats.contains(u"id"))
            return seats.value(u"id")[i];
        if (seats.value(u"id_pattern").toString() != u"{section}-{row}-{number}")
            return QJsonValue::Undefined;
        return QString(plan.value(u"sections")[sections.value(i)].toString() + u'-'
                       + plan.value(u"rows")[rows.value(i)].toString() + u'-'
                       + number(i).toString());
    };
    QJsonArray out;
    for (int i = 0; i < numbers.size(); ++i)
        out.append(
            QJsonObject{{QStringLiteral("id"), id(i)},
                        {QStringLiteral("section"), plan.value(u"sections")[sections.value(i)]},
                        {QStringLiteral("row"), plan.value(u"rows")[rows.value(i)]},
                        {QStringLiteral("number"), number(i)},
                        {QStringLiteral("x"), xs[i]},
                        {QStringLiteral("y"), ys[i]},
                        {QStringLiteral("category"),
                         plan.value(u"categories")[categories.value(i)]}});
    return out;
}

QJsonArray withoutStatus(QJsonArray seats)
{
    for (auto &&seat : seats) {
        QJsonObject object = seat.toObject();
        object.remove(QStringLiteral("status"));
        seat = object;
    }
    return seats;
}

// The seats by id: the plan lists them along their rows, the full map by id.
QMap<QString, QJsonValue> byId(const QJsonArray &seats)
{
    QMap<QString, QJsonValue> out;
    for (const auto &seat : seats)
        out.insert(seat[u"id"].toString(), seat);
    return out;
}

// Statuses of a plan (GET .../seatmap/layout) and its letters (format=status, or a WebSocket
// snapshot asked for in that format).
DbMap contentOf(const QJsonObject &plan, const QJsonObject &statuses)
{
    static const QHash<QChar, QString> names{{u'a', QStringLiteral("available")},
                                             {u'h', QStringLiteral("held")},
                                             {u's', QStringLiteral("sold")},
                                             {u'b', QStringLiteral("blocked")}};
    DbMap out;
    out.version = statuses.value(u"version").toInteger();
    QJsonArray ids;
    for (const auto &seat : planSeats(plan))
        ids.append(seat[u"id"]);
    const QString letters = statuses.value(u"status").toString();
    if (letters.size() != ids.size())
        return out;
    for (qsizetype i = 0; i < ids.size(); ++i)
        out.seats.insert(ids[i].toString(), names.value(letters[i], QStringLiteral("?")));
    for (const auto &zone : statuses.value(u"ga").toArray())
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

QJsonObject wsSnapshot(const ServerProcess &server,
                       const QString &eventId,
                       const QString &format = QStringLiteral("seats"))
{
    WsClient client(server.port(), testToken(QStringLiteral("viewer")));
    const QJsonObject reply = client.request(QStringLiteral("subscribe"),
                                             {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                                              {QStringLiteral("event_id"), eventId},
                                              {QStringLiteral("format"), format}});
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

        // The plan and a letter per seat say the same as the full map.
        const auto plan = a.client().get(path + "/layout");
        QCOMPARE(plan.status, 200);
        QCOMPARE(byId(planSeats(plan.json())),
                 byId(withoutStatus(patched.json().value(u"seats").toArray())));
        QCOMPARE(planSeats(plan.json()).size(), patched.json().value(u"seats").toArray().size());
        const auto letters = a.client().get(path + "?format=status");
        QCOMPARE(letters.status, 200);
        QCOMPARE(letters.json().value(u"layout").toInt(), plan.json().value(u"layout").toInt());
        compareMaps(contentOf(plan.json(), letters.json()), expected);
        QCOMPARE(letters.header("etag"), '"' + QByteArray::number(expected.version) + "-s\"");

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

        // The WebSocket snapshot comes from the same map: same version, same statuses, in
        // either form; every instance writes the same plan.
        for (const ServerProcess *server : {&a, &b, &c}) {
            const QJsonObject push = wsSnapshot(*server, eventId);
            QCOMPARE(push.value(u"event_id").toString(), eventId);
            compareMaps(contentOf(push), expected);
            const QJsonObject status = wsSnapshot(*server, eventId, QStringLiteral("status"));
            QCOMPARE(status.value(u"event_id").toString(), eventId);
            compareMaps(contentOf(plan.json(), status), expected);
            QCOMPARE(server->client().get(path + "/layout").body, plan.body);
        }
    }

    void coldBuildAfterBurst()
    {
        ServerProcess a(m_url, {QStringLiteral("--sweep-interval-ms"), QStringLiteral("100")});
        QVERIFY2(a.isRunning(), a.log().constData());
        const QString eventId = createEvent(a, QStringLiteral("burst"), 2, 10, 20, 50, 50);
        const QByteArray path = "/events/" + eventId.toUtf8() + "/seatmap";
        QVERIFY(waitUntil([&] { return snapshots(a, "scan") >= 1; }));
        QCOMPARE(statusVector(a, eventId).first, QByteArray(400, 'a'));

        // Holds of 1-3 seats (some refused: taken), GA holds, releases, and holds that expire
        // (their expiry moved into the past; the sweeper ends them).
        QRandomGenerator random(4);
        QList<std::pair<QString, QByteArray>> holds; // id, owner's token
        QSet<QString> expiredSeats; // their Redis leases outlive the expiry moved by hand
        int expired = 0;
        for (int i = 0; i < 150; ++i) {
            const QByteArray fan = testToken(QStringLiteral("burst-%1").arg(i % 16));
            const quint32 kind = random.bounded(10);
            if (kind < 2 && !holds.isEmpty()) {
                const auto [hold, owner] = holds.takeAt(
                    qsizetype(random.bounded(quint32(holds.size()))));
                QCOMPARE(a.client().del("/holds/" + hold.toUtf8(), owner).status, 204);
                continue;
            }
            QJsonObject body;
            if (kind == 2) {
                body = {{QStringLiteral("event_id"), eventId},
                        {QStringLiteral("ga"), QStringLiteral("PISTA")},
                        {QStringLiteral("quantity"), 1}};
            } else {
                QStringList seats;
                const quint32 count = random.bounded(3) + 1;
                const quint32 section = random.bounded(2) + 1, row = random.bounded(10) + 1;
                const quint32 first = random.bounded(20 - count + 1) + 1;
                for (quint32 k = 0; k < count; ++k)
                    seats.append(QStringLiteral("S%1-%2-%3").arg(section).arg(row).arg(first + k));
                body = holdBody(eventId, seats);
            }
            const auto hold = a.client().post("/holds", body, fan);
            QVERIFY2(hold.status == 201 || hold.status == 409, hold.body.constData());
            if (hold.status != 201)
                continue;
            const QString holdId = hold.json().value(u"hold_id").toString();
            if (kind == 9) {
                pqxx::connection connection{a.databaseUrl()};
                pqxx::work work{connection};
                work.exec_params("UPDATE holds SET expires_at = now() - interval '1 s'"
                                 " WHERE id = $1::uuid",
                                 holdId.toStdString());
                work.exec_params("UPDATE inventory SET expires_at = now() - interval '1 s'"
                                 " WHERE hold_id = $1::uuid",
                                 holdId.toStdString());
                work.commit();
                ++expired;
                for (const auto &seat : hold.json().value(u"seats").toArray())
                    expiredSeats.insert(seat.toString());
            } else if (kind != 2) {
                holds.append({holdId, fan}); // GA holds stay
            }
        }
        QVERIFY(expired > 0);
        // And a sale at the counter.
        const QByteArray clerk = testToken(QStringLiteral("burst-clerk"), QStringLiteral("clerk"));
        QCOMPARE(a.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 0}}, clerk)
                     .status,
                 201);
        const DbMap before = dbMap(a, eventId);
        QStringList ids = before.seats.keys(), free;
        ids.sort();
        for (const QString &id : ids) {
            if (before.seats.value(id) == u"available" && !expiredSeats.contains(id)
                && free.size() < 2)
                free.append(id);
        }
        const auto counterHold = a.client().post("/holds", holdBody(eventId, free), clerk);
        QCOMPARE(counterHold.status, 201);
        const auto sale = a.client().post(
            "/orders",
            QJsonObject{{QStringLiteral("hold_id"), counterHold.json().value(u"hold_id")},
                        {QStringLiteral("payment"),
                         QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                     {QStringLiteral("tendered_cents"), 1000000}}}},
            clerk);
        QVERIFY2(sale.status == 201, sale.body.constData());
        QVERIFY(waitUntil([&] { return unswept(a, eventId) == 0 && unpublished(a) == 0; }));
        const DbMap expected = dbMap(a, eventId);
        QVERIFY(expected.version > 0);
        QVERIFY(expected.seats.values().contains(QStringLiteral("held")));
        QCOMPARE(expected.seats.value(free[0]), QStringLiteral("sold"));
        QVERIFY(expected.ga.value(QStringLiteral("PISTA")) < 50);

        // The vector the relay kept says what the rows say.
        const auto [kept, live] = statusVector(a, eventId);
        QCOMPARE(kept, live);

        // A cold build (a server without the map) reads the vector: the same as the database at
        // its version, and the same text as the first server's patched map.
        const auto patched = a.client().get(path);
        compareMaps(contentOf(patched.json()), expected);
        ServerProcess b(&a);
        QVERIFY(b.isRunning());
        const auto cold = b.client().get(path);
        QCOMPARE(snapshots(b, "scan"), 0.0);
        QVERIFY(snapshots(b, "build") >= 1);
        compareMaps(contentOf(cold.json()), expected);
        QCOMPARE(cold.body, patched.body);

        // Without a vector (an event created before it existed) a build reads the live rows and
        // the vector is built again.
        {
            pqxx::connection connection{a.databaseUrl()};
            pqxx::work work{connection};
            work.exec_params("DELETE FROM seatmap_statuses WHERE event_id = $1::uuid",
                             eventId.toStdString());
            work.exec_params("UPDATE seatmap_versions SET ga = NULL WHERE event_id = $1::uuid",
                             eventId.toStdString());
            work.commit();
        }
        ServerProcess c(&a);
        QVERIFY(c.isRunning());
        const auto fallback = c.client().get(path);
        compareMaps(contentOf(fallback.json()), expected);
        QCOMPARE(fallback.body, patched.body);
        // A copy: clang 15 does not capture structured bindings in lambdas (the sanitize stage).
        const auto wanted = live;
        QVERIFY(waitUntil([&] { return statusVector(a, eventId).first == wanted; }));

        // Later changes reach the rebuilt vector.
        QString seat;
        for (const QString &id : ids) {
            if (seat.isEmpty() && expected.seats.value(id) == u"available"
                && !expiredSeats.contains(id))
                seat = id;
        }
        QCOMPARE(a.client()
                     .post("/holds", holdBody(eventId, {seat}), testToken(QStringLiteral("late")))
                     .status,
                 201);
        QVERIFY(waitUntil([&] { return unpublished(a) == 0; }));
        const auto [after, liveAfter] = statusVector(a, eventId);
        QCOMPARE(after, liveAfter);
        QCOMPARE(after.count('h'), live.count('h') + 1);
    }

    void planIsCachedByItsNumber()
    {
        ServerProcess a(m_url);
        QVERIFY(a.isRunning());
        const QString eventId = createEvent(a, QStringLiteral("plan"), 1, 2, 3);
        const QByteArray path = "/events/" + eventId.toUtf8() + "/seatmap";
        const auto plan = a.client().get(path + "/layout");
        QCOMPARE(plan.status, 200);
        QCOMPARE(plan.json().value(u"event_id").toString(), eventId);
        QCOMPARE(planSeats(plan.json()).size(), 6);
        QCOMPARE(plan.json().value(u"ga").toArray().size(), 1);
        // Without the number the plan must be revalidated; with the current one, kept for good.
        QCOMPARE(plan.header("cache-control"), QByteArray("no-cache"));
        const int layout = plan.json().value(u"layout").toInt();
        const auto numbered = a.client().get(path + "/layout?v=" + QByteArray::number(layout));
        QCOMPARE(numbered.body, plan.body);
        QCOMPARE(numbered.header("cache-control"),
                 QByteArray("public, max-age=31536000, immutable"));
        QCOMPARE(a.client()
                     .get(path + "/layout?v=" + QByteArray::number(layout + 1))
                     .header("cache-control"),
                 QByteArray("no-cache"));
        HttpRequest again = HttpClient::request("GET", path + "/layout", {}, {});
        again.headers.append({"If-None-Match", plan.header("etag")});
        QCOMPARE(a.client().send(again).status, 304);

        // The letters' ETag moves with the version: a hold makes the old one stale.
        const auto before = a.client().get(path + "?format=status");
        QCOMPARE(before.json().value(u"status").toString(), QStringLiteral("aaaaaa"));
        QCOMPARE(a.client()
                     .post("/holds",
                           holdBody(eventId, {QStringLiteral("S1-2-3")}),
                           testToken(QStringLiteral("plan-fan")))
                     .status,
                 201);
        QString held(6, u'a');
        QStringList ids;
        for (const auto &seat : planSeats(plan.json()))
            ids.append(seat[u"id"].toString());
        QCOMPARE(plan.json().value(u"seats")[u"id_pattern"].toString(),
                 QStringLiteral("{section}-{row}-{number}"));
        held[ids.indexOf(QStringLiteral("S1-2-3"))] = u'h';
        QVERIFY(waitUntil([&] {
            return a.client().get(path + "?format=status").json().value(u"status").toString()
                   == held;
        }));
        HttpRequest stale = HttpClient::request("GET", path + "?format=status", {}, {});
        stale.headers.append({"If-None-Match", before.header("etag")});
        QCOMPARE(a.client().send(stale).status, 200);

        // Formats the server does not write: a clear error, on both transports.
        const auto bad = a.client().get(path + "?format=bitmap");
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.json().value(u"code").toString(), QStringLiteral("bad_request"));
        WsClient client(a.port(), testToken(QStringLiteral("viewer")));
        const QJsonObject reply
            = client.request(QStringLiteral("subscribe"),
                             {{QStringLiteral("topic"), QStringLiteral("seatmap")},
                              {QStringLiteral("event_id"), eventId},
                              {QStringLiteral("format"), QStringLiteral("bitmap")}});
        QCOMPARE(reply.value(u"error")[u"code"].toString(), QStringLiteral("bad_request"));
    }

    void unknownEvent()
    {
        ServerProcess a(m_url);
        QVERIFY(a.isRunning());
        QCOMPARE(a.client().get("/events/00000000-0000-0000-0000-000000000000/seatmap").status, 404);
        QCOMPARE(a.client().get("/events/not-a-uuid/seatmap").status, 404);
        QCOMPARE(a.client().get("/events/00000000-0000-0000-0000-000000000000/seatmap/layout").status,
                 404);
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
