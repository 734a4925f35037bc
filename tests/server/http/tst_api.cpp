// SPDX-License-Identifier: GPL-3.0-or-later
#include "auth/jwt.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTest>

using namespace boxoffice::test;

// The REST edge over a real server process: auth failures, malformed input, ownership,
// idempotency, limits, venues and events. Concurrency lives in tst_holdrace.
class TestApi : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    QString m_eventId;

    HttpClient client() const { return m_server->client(); }

    HttpResponse hold(const QByteArray &token,
                      const QJsonObject &body,
                      const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        return client().post("/holds", body, token, headers);
    }

    QJsonObject seats(const QStringList &ids) const
    {
        return QJsonObject{{QStringLiteral("event_id"), m_eventId},
                           {QStringLiteral("seats"), QJsonArray::fromStringList(ids)}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        m_server = std::make_unique<ServerProcess>(url);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const auto venue = client().postRaw("/venues",
                                            venueJson(QStringLiteral("hall"), 2, 5, 10, 50),
                                            m_manager);
        QVERIFY2(venue.status == 201, venue.body.constData());
        QCOMPARE(venue.json().value(u"seats").toInt(), 100);
        const auto event = client().post("/events",
                                         eventJson(QStringLiteral("hall"), 600, 6, 2),
                                         m_manager);
        QCOMPARE(event.status, 201);
        m_eventId = event.json().value(u"id").toString();
        QVERIFY(!m_eventId.isEmpty());
    }

    void health()
    {
        QCOMPARE(client().get("/healthz").status, 200);
        const auto ready = client().get("/readyz");
        QCOMPARE(ready.status, 200);
        QCOMPARE(ready.json().value(u"database").toString(), QStringLiteral("up"));
    }

    void authFailuresAre401_data()
    {
        QTest::addColumn<QByteArray>("authorization");
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        auto sign = [](const QJsonObject &claims, const char *secret = kTestJwtSecret) {
            QByteArray out("Bearer ");
            out.append(boxoffice::server::auth::JwtSigner::hs256(QByteArray(secret)).sign(claims));
            return out;
        };
        const QJsonObject good{{QStringLiteral("iss"), QStringLiteral("boxoffice")},
                               {QStringLiteral("aud"), QStringLiteral("boxoffice-api")},
                               {QStringLiteral("sub"), QStringLiteral("u")},
                               {QStringLiteral("exp"), double(now + 300)}};
        auto with = [&](const char *name, const QJsonValue &value) {
            QJsonObject c = good;
            if (value.isUndefined())
                c.remove(QLatin1String(name));
            else
                c.insert(QLatin1String(name), value);
            return c;
        };
        QTest::newRow("no header") << QByteArray();
        QTest::newRow("not bearer") << QByteArray("Basic dXNlcjpwYXNz");
        QTest::newRow("garbage token") << QByteArray("Bearer abc.def.ghi");
        QTest::newRow("bad signature") << sign(good, "wrong-secret");
        QTest::newRow("wrong iss") << sign(with("iss", QStringLiteral("evil")));
        QTest::newRow("wrong aud") << sign(with("aud", QStringLiteral("other")));
        QTest::newRow("expired") << sign(with("exp", double(now - 3600)));
        QTest::newRow("nbf future") << sign(with("nbf", double(now + 3600)));
        QTest::newRow("missing sub") << sign(with("sub", QJsonValue::Undefined));
        QTest::newRow("admission typ") << sign(with("typ", QStringLiteral("admission")));
        QByteArray none("Bearer ");
        none.append(boxoffice::server::auth::base64Url(R"({"alg":"none","typ":"JWT"})"));
        none.append('.');
        none.append(
            boxoffice::server::auth::base64Url(QJsonDocument(good).toJson(QJsonDocument::Compact)));
        none.append('.');
        QTest::newRow("alg none") << none;
    }
    void authFailuresAre401()
    {
        QFETCH(QByteArray, authorization);
        HttpRequest request
            = HttpClient::request("POST",
                                  "/holds",
                                  QJsonDocument(seats({QStringLiteral("S1-1-1")})).toJson(),
                                  {});
        if (!authorization.isEmpty())
            request.headers.append(
                qMakePair(QByteArray("Authorization"), QByteArray(authorization)));
        const auto response = client().send(request);
        QCOMPARE(response.status, 401);
        QCOMPARE(response.code(), QStringLiteral("unauthenticated"));
        QVERIFY(response.header("content-type").startsWith("application/problem+json"));
    }

    void rolesAreEnforced()
    {
        const auto fan = client().post("/events",
                                       eventJson(QStringLiteral("hall")),
                                       testToken(QStringLiteral("fan-x")));
        QCOMPARE(fan.status, 403);
        QCOMPARE(fan.code(), QStringLiteral("forbidden"));
        const auto clerk = client().postRaw("/venues",
                                            venueJson(QStringLiteral("v2"), 1, 1, 1),
                                            testToken(QStringLiteral("c"), QStringLiteral("clerk")));
        QCOMPARE(clerk.status, 403);
    }

    void malformedBodiesAre400_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("invalid json") << QByteArray("{\"event_id\": ");
        QTest::newRow("array") << QByteArray("[1,2]");
        QTest::newRow("string") << QByteArray("\"x\"");
        QTest::newRow("missing event") << QByteArray(R"({"seats":["S1-1-1"]})");
        QTest::newRow("event number") << QByteArray(R"({"event_id":5,"seats":["S1-1-1"]})");
        QTest::newRow("seats string") << QByteArray(R"({"event_id":"E","seats":"S1-1-1"})");
        QTest::newRow("seats numbers") << QByteArray(R"({"event_id":"E","seats":[1,2]})");
        QTest::newRow("seats empty") << QByteArray(R"({"event_id":"E","seats":[]})");
        QTest::newRow("seat twice") << QByteArray(R"({"event_id":"E","seats":["a","a"]})");
        QTest::newRow("two forms")
            << QByteArray(R"({"event_id":"E","seats":["a"],"ga":"PISTA","quantity":1})");
        QTest::newRow("no form") << QByteArray(R"({"event_id":"E"})");
        QTest::newRow("quantity string")
            << QByteArray(R"({"event_id":"E","section":"S1","quantity":"2"})");
        QTest::newRow("quantity float")
            << QByteArray(R"({"event_id":"E","section":"S1","quantity":1.5})");
        QTest::newRow("quantity zero")
            << QByteArray(R"({"event_id":"E","ga":"PISTA","quantity":0})");
        QTest::newRow("quantity huge")
            << QByteArray(R"({"event_id":"E","ga":"PISTA","quantity":1e12})");
        QTest::newRow("unknown field")
            << QByteArray(R"({"event_id":"E","seats":["a"],"colour":"red"})");
    }
    void malformedBodiesAre400()
    {
        QFETCH(QByteArray, body);
        body.replace(QByteArray("\"E\""), QByteArray('"' + m_eventId.toLatin1() + '"'));
        const auto response = client().postRaw("/holds",
                                               body,
                                               testToken(QStringLiteral("malformed")));
        QCOMPARE(response.status, 400);
        QCOMPARE(response.code(), QStringLiteral("bad_request"));
    }

    void unknownSeatsAndZonesAre400()
    {
        const QByteArray token = testToken(QStringLiteral("unknown-seat"));
        QCOMPARE(hold(token, seats({QStringLiteral("NOPE-1")})).status, 400);
        QCOMPARE(hold(token,
                      {{QStringLiteral("event_id"), m_eventId},
                       {QStringLiteral("ga"), QStringLiteral("NOPE")},
                       {QStringLiteral("quantity"), 1}})
                     .status,
                 400);
        QCOMPARE(hold(token,
                      {{QStringLiteral("event_id"), m_eventId},
                       {QStringLiteral("section"), QStringLiteral("NOPE")},
                       {QStringLiteral("quantity"), 1}})
                     .status,
                 400);
        const auto noEvent = hold(token,
                                  {{QStringLiteral("event_id"),
                                    QStringLiteral("00000000-0000-0000-0000-000000000000")},
                                   {QStringLiteral("seats"), QJsonArray{QStringLiteral("a")}}});
        QCOMPARE(noEvent.status, 404);
        const auto notUuid = hold(token,
                                  {{QStringLiteral("event_id"),
                                    QStringLiteral("'; DROP TABLE holds; --")},
                                   {QStringLiteral("seats"), QJsonArray{QStringLiteral("a")}}});
        QCOMPARE(notUuid.status, 404);
    }

    void hugeBodyIs413()
    {
        QByteArray huge = "{\"event_id\":\"" + QByteArray(2 * 1024 * 1024, 'x') + "\"}";
        const auto response = client().postRaw("/holds", huge, testToken(QStringLiteral("huge")));
        QCOMPARE(response.status, 413);
        QCOMPARE(response.code(), QStringLiteral("payload_too_large"));
    }

    void badIdempotencyKeysAre400_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("too long") << QByteArray(256, 'k');
        QTest::newRow("non-ascii") << QByteArray("caf\xc3\xa9");
        QTest::newRow("control") << QByteArray("a\x01"
                                               "b");
    }
    void badIdempotencyKeysAre400()
    {
        QFETCH(QByteArray, key);
        const auto response = hold(testToken(QStringLiteral("badkey")),
                                   seats({QStringLiteral("S2-5-10")}),
                                   {{"Idempotency-Key", key}});
        QCOMPARE(response.status, 400);
        // Nothing was held.
        const auto map = client().get("/events/" + m_eventId.toLatin1() + "/seatmap").json();
        for (const QJsonValue &seat : map.value(u"seats").toArray()) {
            if (seat.toObject().value(u"id").toString() == u"S2-5-10")
                QCOMPARE(seat.toObject().value(u"status").toString(), QStringLiteral("available"));
        }
    }

    void idempotentReplayAndConflict()
    {
        const QByteArray token = testToken(QStringLiteral("idem"));
        const QList<QPair<QByteArray, QByteArray>> key{{"Idempotency-Key", "key-1"}};
        const auto first = hold(token,
                                seats({QStringLiteral("S1-2-1"), QStringLiteral("S1-2-2")}),
                                key);
        QCOMPARE(first.status, 201);
        const auto replay = hold(token,
                                 seats({QStringLiteral("S1-2-1"), QStringLiteral("S1-2-2")}),
                                 key);
        QCOMPARE(replay.status, 201);
        QCOMPARE(replay.body, first.body);
        const auto conflict = hold(token, seats({QStringLiteral("S1-2-3")}), key);
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.code(), QStringLiteral("idempotency_conflict"));
        // Same key, another user: independent.
        const auto other = hold(testToken(QStringLiteral("idem-2")),
                                seats({QStringLiteral("S1-2-3")}),
                                key);
        QCOMPARE(other.status, 201);
        // A rule error is replayed too.
        const QList<QPair<QByteArray, QByteArray>> key2{{"Idempotency-Key", "key-2"}};
        const auto taken = hold(token, seats({QStringLiteral("S1-2-3")}), key2);
        QCOMPARE(taken.status, 409);
        // The same problem; only the request id is this request's own.
        const auto replayed = hold(token, seats({QStringLiteral("S1-2-3")}), key2);
        QCOMPARE(replayed.jsonWithoutRequestId(), taken.jsonWithoutRequestId());
        QVERIFY(replayed.json().value(u"request_id") != taken.json().value(u"request_id"));
    }

    void ownershipIs404()
    {
        const QByteArray alice = testToken(QStringLiteral("alice"));
        const QByteArray bob = testToken(QStringLiteral("bob"));
        const auto created = hold(alice, seats({QStringLiteral("S1-3-5")}));
        QCOMPARE(created.status, 201);
        const QByteArray path = "/holds/" + created.json().value(u"hold_id").toString().toLatin1();
        QCOMPARE(client().get(path, alice).status, 200);
        QCOMPARE(client().get(path, bob).status, 404);
        QCOMPARE(client().del(path, bob).status, 404);
        QCOMPARE(client().get(path, alice).json().value(u"status").toString(),
                 QStringLiteral("active"));
        QCOMPARE(client().get("/holds/not-a-uuid", alice).status, 404);
        QCOMPARE(client().get("/holds/00000000-0000-0000-0000-000000000000", alice).status, 404);
        // Releasing frees the seat at once; releasing twice is harmless.
        QCOMPARE(client().del(path, alice).status, 204);
        QCOMPARE(client().get(path, alice).json().value(u"status").toString(),
                 QStringLiteral("released"));
        QCOMPARE(client().del(path, alice).status, 204);
        QCOMPARE(hold(bob, seats({QStringLiteral("S1-3-5")})).status, 201);
    }

    void limitsAre422()
    {
        // The event allows 6 seats and 2 concurrent holds per user.
        const QByteArray token = testToken(QStringLiteral("limits"));
        QCOMPARE(hold(token,
                      seats({QStringLiteral("S2-1-1"),
                             QStringLiteral("S2-1-2"),
                             QStringLiteral("S2-1-3"),
                             QStringLiteral("S2-1-4")}))
                     .status,
                 201);
        const auto tooMany = hold(token,
                                  seats({QStringLiteral("S2-1-5"),
                                         QStringLiteral("S2-1-6"),
                                         QStringLiteral("S2-1-7")}));
        QCOMPARE(tooMany.status, 422);
        QCOMPARE(tooMany.code(), QStringLiteral("limit_exceeded"));
        QCOMPARE(tooMany.json().value(u"limit").toInt(), 6);
        QCOMPARE(tooMany.json().value(u"current").toInt(), 4);
        QCOMPARE(hold(token, seats({QStringLiteral("S2-1-5")})).status, 201);
        const auto thirdHold = hold(token, seats({QStringLiteral("S2-1-6")}));
        QCOMPARE(thirdHold.status, 422);
        QCOMPARE(thirdHold.json().value(u"limit").toInt(), 2);
        QCOMPARE(thirdHold.json().value(u"current").toInt(), 2);
    }

    void bestAvailableAndGa()
    {
        const QByteArray token = testToken(QStringLiteral("best"));
        const auto best = hold(token,
                               {{QStringLiteral("event_id"), m_eventId},
                                {QStringLiteral("section"), QStringLiteral("S1")},
                                {QStringLiteral("quantity"), 3}});
        QCOMPARE(best.status, 201);
        const QJsonArray picked = best.json().value(u"seats").toArray();
        QCOMPARE(picked.size(), 3);
        // Adjacent in one row: same "S1-<row>-" prefix.
        const QString rowPrefix = picked[0].toString().section(u'-', 0, 1);
        for (const QJsonValue &seat : picked)
            QCOMPARE(seat.toString().section(u'-', 0, 1), rowPrefix);
        const auto ga = hold(token,
                             {{QStringLiteral("event_id"), m_eventId},
                              {QStringLiteral("ga"), QStringLiteral("PISTA")},
                              {QStringLiteral("quantity"), 2}});
        QCOMPARE(ga.status, 201);
        QCOMPARE(ga.json().value(u"ga").toObject().value(u"quantity").toInt(), 2);
        // The seat map is a projection fed by the outbox relay: it catches up within moments.
        HttpResponse map;
        for (int i = 0; i < 250; ++i) {
            map = client().get("/events/" + m_eventId.toLatin1() + "/seatmap");
            if (map.json().value(u"ga").toArray().first().toObject().value(u"available").toInt()
                == 48)
                break;
            QTest::qWait(20);
        }
        QCOMPARE(map.status, 200);
        QVERIFY(!map.header("etag").isEmpty());
        QCOMPARE(map.json().value(u"ga").toArray().first().toObject().value(u"available").toInt(),
                 48);
        HttpRequest conditional
            = HttpClient::request("GET", "/events/" + m_eventId.toLatin1() + "/seatmap", {}, {});
        conditional.headers.append(
            qMakePair(QByteArray("If-None-Match"), QByteArray(map.header("etag"))));
        QCOMPARE(client().send(conditional).status, 304);
    }

    void eventsAndVenues()
    {
        const auto event = client().get("/events/" + m_eventId.toLatin1());
        QCOMPARE(event.status, 200);
        const QJsonObject body = event.json();
        QCOMPARE(body.value(u"title").toString(), QStringLiteral("Test show"));
        QCOMPARE(body.value(u"categories").toArray().size(), 2);
        QCOMPARE(body.value(u"limits").toObject().value(u"max_seats_per_user").toInt(), 6);
        QCOMPARE(body.value(u"min_price_cents").toInt(), 3000);
        QCOMPARE(client().get("/events/00000000-0000-0000-0000-000000000000").status, 404);

        QCOMPARE(client().get("/venues").json().value(u"items").toArray().size(), 1);
        const auto venue = client().get("/venues/hall");
        QCOMPARE(venue.status, 200);
        QCOMPARE(venue.json().value(u"version").toInt(), 1);
        QCOMPARE(client().get("/venues/nope").status, 404);

        // Duplicate id, invalid venue with paths, versioned update.
        QCOMPARE(client()
                     .postRaw("/venues", venueJson(QStringLiteral("hall"), 1, 1, 1), m_manager)
                     .status,
                 409);
        QByteArray broken = venueJson(QStringLiteral("broken"), 1, 1, 2);
        broken.replace("\"category\":\"A\"", "\"category\":\"Z\"");
        const auto invalid = client().postRaw("/venues", broken, m_manager);
        QCOMPARE(invalid.status, 400);
        const QJsonArray errors = invalid.json().value(u"errors").toArray();
        QVERIFY(!errors.isEmpty());
        QVERIFY(errors.first().toObject().value(u"path").toString().startsWith(u"$.sections[0]"));
        QCOMPARE(client().postRaw("/venues", "{not json", m_manager).status, 400);

        HttpRequest put = HttpClient::request("PUT",
                                              "/venues/hall",
                                              venueJson(QStringLiteral("hall"), 2, 5, 11),
                                              m_manager);
        put.headers.append(qMakePair(QByteArray("If-Match"), QByteArray("\"1\"")));
        const auto updated = client().send(put);
        QCOMPARE(updated.status, 200);
        QCOMPARE(updated.json().value(u"version").toInt(), 2);
        const auto stale = client().send(put);
        QCOMPARE(stale.status, 409);
        QCOMPARE(stale.code(), QStringLiteral("version_conflict"));
        put.headers.removeLast();
        QCOMPARE(client().send(put).status, 400);
    }

    void pretixAndSampleVenues()
    {
        const QString source = qEnvironmentVariable("BOXOFFICE_SOURCE_DIR");
        QFile pretix(source + QStringLiteral("/tests/shared/core/data/pretix/kleiner-saal.json"));
        QVERIFY(pretix.open(QIODevice::ReadOnly));
        const auto imported = client().postRaw("/venues?format=pretix", pretix.readAll(), m_manager);
        QVERIFY2(imported.status == 201, imported.body.constData());
        QVERIFY(imported.json().value(u"seats").toInt() > 0);
        const QByteArray id = imported.json().value(u"id").toString().toLatin1();
        const auto stored = client().get("/venues/" + id);
        QCOMPARE(stored.status, 200);
        QCOMPARE(stored.json().value(u"format").toString(), QStringLiteral("boxoffice-venue"));
        QCOMPARE(client().postRaw("/venues?format=pretix", "{\"zones\": 5}", m_manager).status, 400);
        QCOMPARE(client().postRaw("/venues?format=excel", "{}", m_manager).status, 400);

        QFile sample(source + QStringLiteral("/resources/venues/small-theatre.venue.json"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const auto theatre = client().postRaw("/venues", sample.readAll(), m_manager);
        QVERIFY2(theatre.status == 201, theatre.body.constData());
        const QString theatreId = theatre.json().value(u"id").toString();
        QJsonObject eventBody = eventJson(theatreId);
        QJsonObject prices;
        for (const QJsonValue &category :
             client().get("/venues/" + theatreId.toLatin1()).json().value(u"categories").toArray())
            prices.insert(category.toObject().value(u"id").toString(), 2500);
        eventBody.insert(QStringLiteral("prices"), prices);
        const auto event = client().post("/events", eventBody, m_manager);
        QVERIFY2(event.status == 201, event.body.constData());
        const auto map = client().get("/events/" + event.json().value(u"id").toString().toLatin1()
                                      + "/seatmap");
        QCOMPARE(map.json().value(u"seats").toArray().size(),
                 theatre.json().value(u"seats").toInt());
    }

    void queuedEventsNeedAdmission()
    {
        QJsonObject body = eventJson(QStringLiteral("hall"));
        body.insert(QStringLiteral("queue"),
                    QJsonObject{{QStringLiteral("enabled"), true},
                                {QStringLiteral("admit_per_minute"), 10}});
        const auto event = client().post("/events", body, m_manager);
        QCOMPARE(event.status, 201);
        QVERIFY(event.json().value(u"queue_enabled").toBool());
        const QString eventId = event.json().value(u"id").toString();
        auto admission = [&](const QString &subject, const QString &forEvent) {
            const qint64 now = QDateTime::currentSecsSinceEpoch();
            return boxoffice::server::auth::JwtSigner::hs256(kTestJwtSecret)
                .sign(QJsonObject{{QStringLiteral("iss"), QStringLiteral("boxoffice")},
                                  {QStringLiteral("aud"), QStringLiteral("boxoffice-api")},
                                  {QStringLiteral("sub"), subject},
                                  {QStringLiteral("typ"), QStringLiteral("admission")},
                                  {QStringLiteral("event_id"), forEvent},
                                  {QStringLiteral("exp"), double(now + 120)}});
        };
        const QByteArray fan = testToken(QStringLiteral("queued-fan"));
        const QJsonObject holdBody{{QStringLiteral("event_id"), eventId},
                                   {QStringLiteral("seats"), QJsonArray{QStringLiteral("S1-1-1")}}};
        const auto without = hold(fan, holdBody);
        QCOMPARE(without.status, 403);
        QCOMPARE(without.code(), QStringLiteral("admission_required"));
        QCOMPARE(hold(fan,
                      holdBody,
                      {{"X-Admission-Token", admission(QStringLiteral("queued-fan"), m_eventId)}})
                     .status,
                 403);
        QCOMPARE(hold(fan,
                      holdBody,
                      {{"X-Admission-Token", admission(QStringLiteral("someone-else"), eventId)}})
                     .status,
                 403);
        QCOMPARE(hold(fan, holdBody, {{"X-Admission-Token", "garbage"}}).status, 403);
        // A well-signed token is not enough on its own: its holder must be in the event's active
        // set (issue 15, defect 9; the admitted path is tst_queue's and tst_salerules').
        QCOMPARE(hold(fan,
                      holdBody,
                      {{"X-Admission-Token", admission(QStringLiteral("queued-fan"), eventId)}})
                     .code(),
                 QStringLiteral("admission_required"));
        // Events without a queue ignore the header.
        QCOMPARE(hold(fan, seats({QStringLiteral("S2-5-1")}), {{"X-Admission-Token", "garbage"}})
                     .status,
                 201);
    }

    void eventValidation_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("no venue") << "venue_id" << QJsonValue(QStringLiteral("missing"));
        QTest::newRow("bad time") << "starts_at" << QJsonValue(QStringLiteral("tomorrow"));
        QTest::newRow("bad currency") << "currency" << QJsonValue(QStringLiteral("euro"));
        QTest::newRow("negative price")
            << "prices"
            << QJsonValue(QJsonObject{{QStringLiteral("A"), -1}, {QStringLiteral("B"), 1}});
        QTest::newRow("missing price")
            << "prices" << QJsonValue(QJsonObject{{QStringLiteral("A"), 100}});
        QTest::newRow("hold seconds zero") << "hold_seconds" << QJsonValue(0);
        QTest::newRow("title number") << "title" << QJsonValue(7);
    }
    void eventValidation()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QJsonObject body = eventJson(QStringLiteral("hall"));
        body.insert(field, value);
        const auto response = client().post("/events", body, m_manager);
        QCOMPARE(response.status, 400);
        QCOMPARE(response.code(), QStringLiteral("bad_request"));
    }

    void loginWithStaffAccount()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QByteArray out;
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("clerk1"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("clerk"),
                                     QStringLiteral("--password-stdin")},
                                    &out,
                                    env,
                                    "s3cret-pass\n"),
                 0);
        const auto ok = client().post("/auth/login",
                                      {{QStringLiteral("username"), QStringLiteral("clerk1")},
                                       {QStringLiteral("password"), QStringLiteral("s3cret-pass")}});
        QCOMPARE(ok.status, 200);
        QCOMPARE(ok.json().value(u"role").toString(), QStringLiteral("clerk"));
        const QByteArray token = ok.json().value(u"access_token").toString().toLatin1();
        QCOMPARE(hold(token, seats({QStringLiteral("S2-4-4")})).status, 201); // the token works

        const auto wrong = client().post("/auth/login",
                                         {{QStringLiteral("username"), QStringLiteral("clerk1")},
                                          {QStringLiteral("password"),
                                           QStringLiteral("nope-nope")}});
        const auto unknown = client().post("/auth/login",
                                           {{QStringLiteral("username"), QStringLiteral("ghost")},
                                            {QStringLiteral("password"),
                                             QStringLiteral("nope-nope")}});
        QCOMPARE(wrong.status, 401);
        QCOMPARE(unknown.status, 401);
        // Nothing tells the two apart (but each request's own id).
        QCOMPARE(wrong.jsonWithoutRequestId(), unknown.jsonWithoutRequestId());
        // Similar timing: both hash (scrypt), so neither is an order of magnitude faster.
        QVERIFY2(unknown.elapsedUs * 4 > wrong.elapsedUs && wrong.elapsedUs * 4 > unknown.elapsedUs,
                 qPrintable(
                     QStringLiteral("%1 vs %2 us").arg(wrong.elapsedUs).arg(unknown.elapsedUs)));
        QCOMPARE(client().post("/auth/login", {{QStringLiteral("username"), 5}}).status, 400);
    }

    void issueTokenCommand()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QByteArray out;
        QCOMPARE(ServerProcess::run({QStringLiteral("issue-token"),
                                     QStringLiteral("--sub"),
                                     QStringLiteral("cli-user"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("manager"),
                                     QStringLiteral("--ttl"),
                                     QStringLiteral("60")},
                                    &out,
                                    env),
                 0);
        const QByteArray token = out.trimmed();
        QCOMPARE(client().post("/events", eventJson(QStringLiteral("hall")), token).status, 201);
        QVERIFY(ServerProcess::run({QStringLiteral("issue-token"),
                                    QStringLiteral("--sub"),
                                    QStringLiteral("x"),
                                    QStringLiteral("--role"),
                                    QStringLiteral("root")},
                                   &out,
                                   env)
                != 0);
    }

    void garbageIsNeverA5xx()
    {
        // Deterministic junk against every route that reads a body: the answer is always a 4xx
        // problem, never a 5xx or a dropped connection, and the server stays up.
        QRandomGenerator random(20261130);
        const QByteArray fan = testToken(QStringLiteral("fuzz"));
        const QList<QPair<QByteArray, QByteArray>> routes{{"/holds", fan},
                                                          {"/events", m_manager},
                                                          {"/venues", m_manager},
                                                          {"/venues?format=pretix", m_manager},
                                                          {"/auth/login", {}}};
        const QJsonObject valid = eventJson(QStringLiteral("hall"));
        const QList<QJsonValue> oddValues{QJsonValue(QJsonValue::Null),
                                          QJsonValue(-1),
                                          QJsonValue(1e300),
                                          QJsonValue(QString(5000, u'x')),
                                          QJsonValue(QJsonArray{1, QStringLiteral("a")}),
                                          QJsonValue(QJsonObject{{QStringLiteral("a"), 1}}),
                                          QJsonValue(true),
                                          QJsonValue(QStringLiteral("\u0000"))};
        QList<QByteArray> bodies{QByteArray(20000, '['),
                                 QByteArray("{\"event_id\": \"\xff\xfe\"}"),
                                 QByteArray("\0\0\0"),
                                 QByteArray("{\"a\":1,}"),
                                 QByteArray("nul"),
                                 QByteArray("{}"),
                                 QByteArray("[]")};
        for (int i = 0; i < 20; ++i) {
            QByteArray bytes(int(random.bounded(1, 300)), Qt::Uninitialized);
            for (char &c : bytes)
                c = char(random.bounded(256));
            bodies.append(bytes);
            QJsonObject mutated = valid;
            const QStringList keys = mutated.keys();
            mutated.insert(keys[random.bounded(int(keys.size()))],
                           oddValues[random.bounded(int(oddValues.size()))]);
            mutated.insert(QStringLiteral("event_id"),
                           oddValues[random.bounded(int(oddValues.size()))]);
            mutated.insert(QStringLiteral("seats"),
                           oddValues[random.bounded(int(oddValues.size()))]);
            const QByteArray json = QJsonDocument(mutated).toJson(QJsonDocument::Compact);
            bodies.append(json);
            bodies.append(json.left(random.bounded(int(json.size()))));
        }
        for (const auto &[path, token] : routes) {
            for (const QByteArray &body : bodies) {
                const auto response = client().postRaw(path, body, token);
                QVERIFY2(response.status >= 400 && response.status < 500,
                         qPrintable(QStringLiteral("%1 -> %2 %3")
                                        .arg(QString::fromLatin1(path))
                                        .arg(response.status)
                                        .arg(QString::fromUtf8(response.body.left(200)))));
                QVERIFY(response.header("content-type").startsWith("application/problem+json"));
            }
        }
        QCOMPARE(client().get("/healthz").status, 200);
    }

    void clientsThatHangUpEarlyDoNotHurt()
    {
        // Requests whose clients are gone before the worker answers: the server drops the
        // answer and goes on.
        const QByteArray body = QJsonDocument(seats({QStringLiteral("S2-3-3")}))
                                    .toJson(QJsonDocument::Compact);
        const QByteArray token = testToken(QStringLiteral("hangup"));
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        for (int i = 0; i < 100; ++i) {
            auto socket = std::make_unique<QTcpSocket>();
            socket->connectToHost(QStringLiteral("127.0.0.1"), m_server->port());
            QVERIFY(socket->waitForConnected(5000));
            socket->write("POST /holds HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token
                          + "\r\nContent-Type: application/json\r\nContent-Length: "
                          + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            socket->waitForBytesWritten(1000);
            sockets.push_back(std::move(socket));
        }
        for (auto &socket : sockets)
            socket->abort();
        QTest::qWait(300);
        QCOMPARE(client().get("/healthz").status, 200);
        QCOMPARE(client().get("/readyz").status, 200);
    }

    void cleanupTestCase()
    {
        if (m_server)
            QCOMPARE(m_server->terminate(), 0); // graceful shutdown exits 0
    }
};

QTEST_GUILESS_MAIN(TestApi)
#include "tst_api.moc"
