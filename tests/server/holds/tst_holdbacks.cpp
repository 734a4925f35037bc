// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"
#include "wsclient.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>
#include <QUrl>

#include <future>
#include <thread>

using namespace boxoffice::test;

// Seats held back (docs/back-office.md "Seats held back") over real HTTP against a real
// server: kills, house seats and allocations are blocked in the inventory, the database refuses
// to hold or sell them, the seat map shows them, and every change is audited.
class TestHoldbacks : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    int m_venues = 0;

    HttpClient client() const { return m_server->client(); }

    QString createEvent(const EventShape &shape)
    {
        const auto seeded = SeededEvent::create(client(),
                                                m_manager,
                                                QStringLiteral("hb%1").arg(++m_venues),
                                                shape);
        return seeded.ok() ? seeded.eventId : QString();
    }

    static QByteArray path(const QString &eventId, const char *tail = "/holdbacks")
    {
        return "/events/" + eventId.toLatin1() + tail;
    }

    static QByteArray json(const QJsonObject &body)
    {
        return QJsonDocument(body).toJson(QJsonDocument::Compact);
    }

    static QJsonObject holdBack(const QStringList &seats,
                                const QString &kind,
                                const QString &allocation = {})
    {
        QJsonObject body{{QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                         {QStringLiteral("kind"), kind}};
        if (!allocation.isEmpty())
            body.insert(QStringLiteral("allocation"), allocation);
        return body;
    }

    HttpResponse put(const QString &eventId, const QJsonObject &body, const QByteArray &token)
    {
        return client().send(HttpClient::request("PUT", path(eventId), json(body), token));
    }

    HttpResponse release(const QString &eventId, const QJsonObject &body, const QByteArray &token)
    {
        return client().send(HttpClient::request("DELETE", path(eventId), json(body), token));
    }

    HttpResponse hold(const QString &eventId, const QStringList &seats, const QByteArray &token)
    {
        return client().post("/holds",
                             {{QStringLiteral("event_id"), eventId},
                              {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}},
                             token);
    }

    int scalar(const std::string &sql, const QString &eventId)
    {
        return eventScalar(m_server->databaseUrl(), sql, eventId);
    }

    QString statusOf(const QString &eventId, const QString &seat)
    {
        return seatStatus(m_server->databaseUrl(), eventId, seat);
    }

    int blockedCount(const QString &eventId)
    {
        return scalar("SELECT count(*) FROM inventory WHERE event_id = $1::uuid"
                      " AND status = 'blocked'",
                      eventId);
    }

    int holdbackCount(const QString &eventId)
    {
        return scalar("SELECT count(*) FROM holdbacks WHERE event_id = $1::uuid", eventId);
    }

    int auditCount(const QString &eventId, const char *action)
    {
        return scalar(std::string("SELECT count(*) FROM audit WHERE event_id = $1::uuid"
                                  " AND action = '")
                          + action + "'",
                      eventId);
    }

    // Every holdback on a blocked seat, every blocked seat held back (nothing else blocks
    // seats in these tests), no held-back seat held or sold.
    QString holdbackViolations()
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QString out;
        const int notBlocked = work.exec1(
                                       "SELECT count(*) FROM holdbacks b JOIN inventory i"
                                       " USING (event_id, seat_id) WHERE i.status <> 'blocked'")[0]
                                   .as<int>();
        if (notBlocked != 0)
            out += QStringLiteral("held back but not blocked: %1; ").arg(notBlocked);
        const int stray = work.exec1("SELECT count(*) FROM inventory i WHERE status = 'blocked'"
                                     " AND NOT EXISTS (SELECT 1 FROM holdbacks b WHERE"
                                     " b.event_id = i.event_id AND b.seat_id = i.seat_id)")[0]
                              .as<int>();
        if (stray != 0)
            out += QStringLiteral("blocked without a holdback: %1; ").arg(stray);
        const int ticketed = work.exec1("SELECT count(*) FROM holdbacks b JOIN tickets t"
                                        " USING (event_id, seat_id) WHERE t.status = 'valid'")[0]
                                 .as<int>();
        if (ticketed != 0)
            out += QStringLiteral("held back with a valid ticket: %1; ").arg(ticketed);
        return out + inventoryViolations(m_server->databaseUrl());
    }

    QString mapStatus(const QString &eventId, const QString &seat)
    {
        const auto map = client().get(path(eventId, "/seatmap"));
        for (const QJsonValue &value : map.json().value(u"seats").toArray())
            if (value.toObject().value(u"id").toString() == seat)
                return value.toObject().value(u"status").toString();
        return QString();
    }

    static QStringList seatsOf(const HttpResponse &response)
    {
        QStringList out;
        for (const QJsonValue &seat : response.json().value(u"seats").toArray())
            out.append(seat.toString());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        // Without the Redis seat leases every hold reaches PostgreSQL, which must decide alone;
        // and a hold expired by hand below (in the database only) leaves no lease behind.
        m_server = std::make_unique<ServerProcess>(url,
                                                   QStringList{},
                                                   QHash<QString, QString>{
                                                       {QStringLiteral("BOXOFFICE_SEAT_LEASES"),
                                                        QStringLiteral("0")}});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));
    }

    void addListRelease()
    {
        const QString eventId = createEvent(EventShape::seats(2, 10));
        QVERIFY(!eventId.isEmpty());
        auto held = put(eventId,
                        holdBack({QStringLiteral("S1-1-2"), QStringLiteral("S1-1-1")},
                                 QStringLiteral("kill")),
                        m_manager);
        QCOMPARE(held.status, 200);
        QCOMPARE(held.json().value(u"held_back").toInt(), 2);
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-3"), QStringLiteral("S1-1-4")},
                              QStringLiteral("allocation"),
                              QStringLiteral("press")),
                     m_manager)
                     .status,
                 200);
        const QByteArray admin = testToken(QStringLiteral("root"), QStringLiteral("admin"));
        QCOMPARE(put(eventId, holdBack({QStringLiteral("S1-1-5")}, QStringLiteral("house")), admin)
                     .status,
                 200);
        QCOMPARE(blockedCount(eventId), 5);
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-1-6")), QStringLiteral("available"));

        auto list = client().get(path(eventId), m_manager);
        QCOMPARE(list.status, 200);
        const QJsonArray items = list.json().value(u"items").toArray();
        QCOMPARE(items.size(), 5);
        QCOMPARE(items[0].toObject().value(u"seat_id").toString(), QStringLiteral("S1-1-1"));
        QCOMPARE(items[0].toObject().value(u"kind").toString(), QStringLiteral("kill"));
        QVERIFY(items[0].toObject().value(u"allocation").isNull());
        QCOMPARE(items[2].toObject().value(u"kind").toString(), QStringLiteral("allocation"));
        QCOMPARE(items[2].toObject().value(u"allocation").toString(), QStringLiteral("press"));
        QCOMPARE(items[4].toObject().value(u"kind").toString(), QStringLiteral("house"));
        QCOMPARE(list.json().value(u"allocations").toArray(),
                 (QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("press")},
                                         {QStringLiteral("seats"), 2},
                                         {QStringLiteral("counter_sale"), false}}}));

        // The allocation may be sold at the counter; an unknown one is not there.
        const auto patched = client().send(
            HttpClient::request("PATCH",
                                path(eventId, "/allocations/press"),
                                json({{QStringLiteral("counter_sale"), true}}),
                                m_manager));
        QCOMPARE(patched.status, 200);
        QCOMPARE(patched.json().value(u"counter_sale").toBool(), true);
        QCOMPARE(patched.json().value(u"seats").toInt(), 2);
        QCOMPARE(client()
                     .send(HttpClient::request("PATCH",
                                               path(eventId, "/allocations/nobody"),
                                               json({{QStringLiteral("counter_sale"), true}}),
                                               m_manager))
                     .status,
                 404);

        // Held back again: the seat takes the new kind, stays blocked.
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-5")}, QStringLiteral("kill")),
                     m_manager)
                     .status,
                 200);
        list = client().get(path(eventId), m_manager);
        QCOMPARE(list.json().value(u"items").toArray()[4].toObject().value(u"kind").toString(),
                 QStringLiteral("kill"));
        QCOMPARE(blockedCount(eventId), 5);

        // Released by seat, by allocation, by kind; seats not held back count for nothing.
        auto released = release(eventId,
                                {{QStringLiteral("seats"),
                                  QJsonArray{QStringLiteral("S1-1-1"), QStringLiteral("S1-1-9")}}},
                                m_manager);
        QCOMPARE(released.status, 200);
        QCOMPARE(released.json().value(u"released").toInt(), 1);
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-1-1")), QStringLiteral("available"));
        released = release(eventId,
                           {{QStringLiteral("kind"), QStringLiteral("allocation")},
                            {QStringLiteral("allocation"), QStringLiteral("press")}},
                           m_manager);
        QCOMPARE(released.json().value(u"released").toInt(), 2);
        released = release(eventId, {{QStringLiteral("kind"), QStringLiteral("kill")}}, m_manager);
        QCOMPARE(released.json().value(u"released").toInt(), 2); // S1-1-2, S1-1-5
        QCOMPARE(release(eventId, {{QStringLiteral("kind"), QStringLiteral("house")}}, m_manager)
                     .json()
                     .value(u"released")
                     .toInt(),
                 0);
        list = client().get(path(eventId), m_manager);
        QCOMPARE(list.json().value(u"items").toArray().size(), 0);
        QCOMPARE(
            list.json().value(u"allocations").toArray()[0].toObject().value(u"counter_sale").toBool(),
            true); // the allocation keeps its setting without seats
        QCOMPARE(blockedCount(eventId), 0);
        QCOMPARE(holdbackCount(eventId), 0);

        // One audit line per change, in its transaction, by the token's subject.
        QCOMPARE(auditCount(eventId, "holdback.add"), 4);
        QCOMPARE(auditCount(eventId, "holdback.release"), 3); // the empty one changed nothing
        QCOMPARE(auditCount(eventId, "allocation.update"), 1);
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto first = work.exec_params1(
            "SELECT actor, after->>'kind', after->'seats'::text, before IS NULL FROM audit"
            " WHERE event_id = $1::uuid AND action = 'holdback.add' ORDER BY id LIMIT 1",
            eventId.toStdString());
        QCOMPARE(first[0].as<std::string>(), std::string("boss"));
        QCOMPARE(first[1].as<std::string>(), std::string("kill"));
        QCOMPARE(first[2].as<std::string>(), std::string("[\"S1-1-1\", \"S1-1-2\"]"));
        QVERIFY(first[3].as<bool>());
        const auto moved = work.exec_params1(
            "SELECT actor, before->'held_back'->0->>'kind' FROM audit WHERE event_id = $1::uuid"
            " AND action = 'holdback.add' ORDER BY id DESC LIMIT 1",
            eventId.toStdString());
        QCOMPARE(moved[1].as<std::string>(), std::string("house"));
        const auto update = work.exec_params1(
            "SELECT subject, before->>'counter_sale', after->>'counter_sale' FROM audit"
            " WHERE event_id = $1::uuid AND action = 'allocation.update'",
            eventId.toStdString());
        QCOMPARE(update[0].as<std::string>(), std::string("press"));
        QCOMPARE(update[1].as<std::string>(), std::string("false"));
        QCOMPARE(update[2].as<std::string>(), std::string("true"));
        QCOMPARE(work.exec_params1("SELECT count(*) FROM audit WHERE event_id = $1::uuid"
                                   " AND actor = 'root'",
                                   eventId.toStdString())[0]
                     .as<int>(),
                 1);
        QCOMPARE(holdbackViolations(), QString());
    }

    // An allocation's name is any text but a slash: percent-encoded in the PATCH path.
    void allocationNamesInPaths()
    {
        const QString eventId = createEvent(EventShape::seats(1, 4));
        QVERIFY(!eventId.isEmpty());
        const QString name = QStringLiteral("Artist guests, Ünïcode 100%");
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-1")}, QStringLiteral("allocation"), name),
                     m_manager)
                     .status,
                 200);
        const auto patched = client().send(
            HttpClient::request("PATCH",
                                path(eventId, "/allocations/") + QUrl::toPercentEncoding(name),
                                json({{QStringLiteral("counter_sale"), true}}),
                                m_manager));
        QVERIFY2(patched.status == 200, patched.body.constData());
        QCOMPARE(patched.json().value(u"name").toString(), name);
        QCOMPARE(client()
                     .get(path(eventId), m_manager)
                     .json()
                     .value(u"allocations")
                     .toArray()[0]
                     .toObject()
                     .value(u"counter_sale")
                     .toBool(),
                 true);
    }

    // Held and sold seats are refused, all or nothing; an expired hold's seat is free.
    void heldAndSoldSeatsAreRefused()
    {
        const QString eventId = createEvent(EventShape::seats(2, 10).holding(2));
        QVERIFY(!eventId.isEmpty());
        const QByteArray clerk = testToken(QStringLiteral("desk"), QStringLiteral("clerk"));
        const auto sold = hold(eventId, {QStringLiteral("S1-2-2")}, clerk);
        QCOMPARE(sold.status, 201);
        const auto order
            = client().post("/orders",
                            {{QStringLiteral("hold_id"), sold.json().value(u"hold_id").toString()},
                             {QStringLiteral("payment"),
                              QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                          {QStringLiteral("reference"), QStringLiteral("T-1")}}}},
                            clerk);
        QCOMPARE(order.status, 201);
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-2-2")), QStringLiteral("sold"));
        // Holds last two seconds on this event: the fan's is live for the next request only.
        const QByteArray fan = testToken(QStringLiteral("fan-held"));
        QCOMPARE(hold(eventId, {QStringLiteral("S1-2-1")}, fan).status, 201);
        const auto refused = put(eventId,
                                 holdBack({QStringLiteral("S1-2-3"),
                                           QStringLiteral("S1-2-2"),
                                           QStringLiteral("S1-2-1")},
                                          QStringLiteral("house")),
                                 m_manager);
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(seatsOf(refused),
                 (QStringList{QStringLiteral("S1-2-1"), QStringLiteral("S1-2-2")}));
        // Nothing of it happened.
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-2-3")), QStringLiteral("available"));
        QCOMPARE(holdbackCount(eventId), 0);
        QCOMPARE(auditCount(eventId, "holdback.add"), 0);
        QCOMPARE(scalar("SELECT count(*) FROM outbox WHERE event_id = $1::uuid"
                        " AND kind = 'seats.blocked'",
                        eventId),
                 0);
        // Once the fan's hold expired (logically; no sweeper needed) the seat may be held back,
        // and the fan's hold cannot be ordered any more.
        QTest::qWait(2300);
        const auto taken = put(eventId,
                               holdBack({QStringLiteral("S1-2-1"), QStringLiteral("S1-2-3")},
                                        QStringLiteral("house")),
                               m_manager);
        QCOMPARE(taken.status, 200);
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-2-1")), QStringLiteral("blocked"));
        QCOMPARE(holdbackViolations(), QString());
    }

    void staffOnly()
    {
        const QString eventId = createEvent(EventShape::seats(1, 4));
        QVERIFY(!eventId.isEmpty());
        const QJsonObject body = holdBack({QStringLiteral("S1-1-1")}, QStringLiteral("kill"));
        for (const QByteArray &token :
             {testToken(QStringLiteral("clerk-1"), QStringLiteral("clerk")),
              testToken(QStringLiteral("fan-1")),
              testToken(QStringLiteral("door-1"), QStringLiteral("door"))}) {
            QCOMPARE(put(eventId, body, token).status, 403);
            QCOMPARE(release(eventId, body, token).status, 403);
            QCOMPARE(client().get(path(eventId), token).status, 403);
            QCOMPARE(client()
                         .send(HttpClient::request("PATCH",
                                                   path(eventId, "/allocations/press"),
                                                   json({{QStringLiteral("counter_sale"), true}}),
                                                   token))
                         .status,
                     403);
        }
        QCOMPARE(put(eventId, body, {}).status, 401);
        QCOMPARE(client().get(path(eventId)).status, 401);
        QCOMPARE(holdbackCount(eventId), 0);
        QCOMPARE(blockedCount(eventId), 0);
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");
        QTest::newRow("kind") << QByteArray(R"({"seats":["S1-1-1"],"kind":"vip"})") << 422
                              << "invalid_field"
                              << "kind";
        QTest::newRow("no kind") << QByteArray(R"({"seats":["S1-1-1"]})") << 422 << "invalid_field"
                                 << "kind";
        QTest::newRow("unknown seat")
            << QByteArray(R"({"seats":["S1-1-1","Z-9-9"],"kind":"kill"})") << 422 << "invalid_field"
            << "seats";
        QTest::newRow("no allocation name")
            << QByteArray(R"({"seats":["S1-1-1"],"kind":"allocation"})") << 422 << "invalid_field"
            << "allocation";
        QTest::newRow("blank allocation name")
            << QByteArray(R"({"seats":["S1-1-1"],"kind":"allocation","allocation":"  "})") << 422
            << "invalid_field"
            << "allocation";
        QTest::newRow("slash in allocation name")
            << QByteArray(R"({"seats":["S1-1-1"],"kind":"allocation","allocation":"a/b"})") << 422
            << "invalid_field"
            << "allocation";
        QTest::newRow("name without allocation")
            << QByteArray(R"({"seats":["S1-1-1"],"kind":"kill","allocation":"press"})") << 422
            << "invalid_field"
            << "allocation";
        QTest::newRow("no seats") << QByteArray(R"({"seats":[],"kind":"kill"})") << 422
                                  << "invalid_field"
                                  << "seats";
        QTest::newRow("seats not a list")
            << QByteArray(R"({"seats":"S1-1-1","kind":"kill"})") << 400 << "bad_request"
            << "seats";
        QTest::newRow("seat not a string")
            << QByteArray(R"({"seats":[7],"kind":"kill"})") << 400 << "bad_request"
            << "seats";
        QTest::newRow("unknown field")
            << QByteArray(R"({"seats":["S1-1-1"],"kind":"kill","colour":"red"})") << 400
            << "bad_request"
            << "colour";
        QTest::newRow("not json") << QByteArray("{seats") << 400 << "bad_request"
                                  << "";
    }

    void badInput()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        static QString eventId;
        if (eventId.isEmpty())
            eventId = createEvent(EventShape::seats(1, 4));
        QVERIFY(!eventId.isEmpty());
        const auto answer = client().send(
            HttpClient::request("PUT", path(eventId), body, m_manager));
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), code);
        if (!field.isEmpty())
            QCOMPARE(answer.json().value(u"field").toString(), field);
        if (QTest::currentDataTag() == QByteArray("unknown seat"))
            QCOMPARE(seatsOf(answer), QStringList{QStringLiteral("Z-9-9")});
        QCOMPARE(holdbackCount(eventId), 0);
        QCOMPARE(blockedCount(eventId), 0);
        QCOMPARE(auditCount(eventId, "holdback.add"), 0);
    }

    void otherBadRequests()
    {
        const QString eventId = createEvent(EventShape::seats(1, 4));
        QVERIFY(!eventId.isEmpty());
        const QJsonObject body = holdBack({QStringLiteral("S1-1-1")}, QStringLiteral("kill"));
        QCOMPARE(put(QStringLiteral("00000000-0000-0000-0000-000000000000"), body, m_manager).status,
                 404);
        QCOMPARE(put(QStringLiteral("nope"), body, m_manager).status, 404);
        QCOMPARE(client().get(path(QStringLiteral("nope")), m_manager).status, 404);
        // A release names seats or a kind, not both, not neither.
        auto answer = release(eventId,
                              {{QStringLiteral("seats"), QJsonArray{QStringLiteral("S1-1-1")}},
                               {QStringLiteral("kind"), QStringLiteral("kill")}},
                              m_manager);
        QCOMPARE(answer.status, 400);
        answer = release(eventId, {}, m_manager);
        QCOMPARE(answer.status, 422);
        QCOMPARE(answer.json().value(u"field").toString(), QStringLiteral("kind"));
        answer = release(eventId,
                         {{QStringLiteral("seats"), QJsonArray{QStringLiteral("X-1")}}},
                         m_manager);
        QCOMPARE(answer.status, 422);
        QCOMPARE(answer.json().value(u"field").toString(), QStringLiteral("seats"));
        answer = client().send(HttpClient::request("PATCH",
                                                   path(eventId, "/allocations/press"),
                                                   json({{QStringLiteral("counter_sale"), 1}}),
                                                   m_manager));
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.json().value(u"field").toString(), QStringLiteral("counter_sale"));
    }

    // Holds of every kind refuse held-back seats, as they refuse taken ones.
    void holdsRefuseHeldBackSeats()
    {
        const QString eventId = createEvent(EventShape::seats(1, 3));
        QVERIFY(!eventId.isEmpty());
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-1"), QStringLiteral("S1-1-3")},
                              QStringLiteral("kill")),
                     m_manager)
                     .status,
                 200);
        const auto refused = hold(eventId,
                                  {QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")},
                                  testToken(QStringLiteral("fan-a")));
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.code(), QStringLiteral("seat_unavailable"));
        QCOMPARE(seatsOf(refused), QStringList{QStringLiteral("S1-1-1")});
        // Best available finds only the one free seat, however many ask.
        QList<HttpRequest> requests;
        for (int i = 0; i < 6; ++i)
            requests.append(
                HttpClient::request("POST",
                                    "/holds",
                                    json({{QStringLiteral("event_id"), eventId},
                                          {QStringLiteral("section"), QStringLiteral("S1")},
                                          {QStringLiteral("quantity"), 1}}),
                                    testToken(QStringLiteral("best-%1").arg(i))));
        int won = 0;
        for (const auto &answer : client().concurrently(requests, 30000)) {
            if (answer.status == 201) {
                ++won;
                QCOMPARE(seatsOf(answer), QStringList{QStringLiteral("S1-1-2")});
            } else {
                QVERIFY2(answer.status == 409 || answer.status == 422, answer.body.constData());
            }
        }
        QCOMPARE(won, 1);
        // The counter's clerks hold the same way.
        QCOMPARE(hold(eventId,
                      {QStringLiteral("S1-1-3")},
                      testToken(QStringLiteral("clerk-b"), QStringLiteral("clerk")))
                     .status,
                 409);
        // The database itself refuses: a statement that would hold or sell a held-back seat, or
        // hold back a seat without blocking it.
        pqxx::connection connection{m_server->databaseUrl()};
        for (const char *status : {"available", "sold"}) {
            pqxx::work work{connection};
            QVERIFY_THROWS_EXCEPTION(pqxx::sql_error,
                                     work.exec_params("UPDATE inventory SET status = $2 WHERE"
                                                      " event_id = $1::uuid AND seat_id = 'S1-1-1'",
                                                      eventId.toStdString(),
                                                      std::string(status)));
        }
        {
            pqxx::work work{connection};
            work.exec_params("UPDATE inventory SET status = 'held', hold_id = gen_random_uuid(),"
                             " expires_at = now() WHERE event_id = $1::uuid"
                             " AND seat_id = 'S1-1-1' AND status = 'available'",
                             eventId.toStdString()); // takes nothing: the seat is blocked
            work.exec_params("INSERT INTO holdbacks (event_id, seat_id, kind, created_by)"
                             " VALUES ($1::uuid, 'S1-1-2', 'kill', 'sql')",
                             eventId.toStdString());
            QVERIFY_THROWS_EXCEPTION(std::exception, work.commit()); // S1-1-2 is held
        }
        QCOMPARE(statusOf(eventId, QStringLiteral("S1-1-1")), QStringLiteral("blocked"));
        QCOMPARE(holdbackCount(eventId), 2);
        QCOMPARE(holdbackViolations(), QString());
    }

    // The public map shows held-back seats blocked, over REST and in WebSocket deltas.
    void seatMapShowsThem()
    {
        const QString eventId = createEvent(EventShape::seats(1, 5));
        QVERIFY(!eventId.isEmpty());
        QCOMPARE(mapStatus(eventId, QStringLiteral("S1-1-4")), QStringLiteral("available"));
        WsClient watcher(m_server->port(), testToken(QStringLiteral("watcher")));
        QVERIFY(watcher.isConnected());
        SeatmapMirror mirror;
        const QJsonObject reply = watcher.request(QStringLiteral("subscribe"),
                                                  {{QStringLiteral("topic"),
                                                    QStringLiteral("seatmap")},
                                                   {QStringLiteral("event_id"), eventId}});
        QVERIFY2(reply.contains(u"result"), QJsonDocument(reply).toJson().constData());
        if (auto snapshot = watcher.nextPush())
            mirror.apply(*snapshot);
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-4"), QStringLiteral("S1-1-5")},
                              QStringLiteral("allocation"),
                              QStringLiteral("artist")),
                     m_manager)
                     .status,
                 200);
        QTRY_COMPARE_WITH_TIMEOUT(mapStatus(eventId, QStringLiteral("S1-1-4")),
                                  QStringLiteral("blocked"),
                                  10000);
        QCOMPARE(mapStatus(eventId, QStringLiteral("S1-1-5")), QStringLiteral("blocked"));
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     while (auto push = watcher.nextPush(50))
                                         mirror.apply(*push);
                                     return mirror.seats.value(QStringLiteral("S1-1-4"))
                                                == u"blocked"
                                            && mirror.seats.value(QStringLiteral("S1-1-5"))
                                                   == u"blocked";
                                 }()),
                                 10000);
        QVERIFY(mirror.deltas >= 1);
        QCOMPARE(release(eventId,
                         {{QStringLiteral("kind"), QStringLiteral("allocation")}},
                         m_manager)
                     .json()
                     .value(u"released")
                     .toInt(),
                 2);
        QTRY_COMPARE_WITH_TIMEOUT(mapStatus(eventId, QStringLiteral("S1-1-4")),
                                  QStringLiteral("available"),
                                  10000);
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     while (auto push = watcher.nextPush(50))
                                         mirror.apply(*push);
                                     return mirror.seats.value(QStringLiteral("S1-1-5"))
                                            == u"available";
                                 }()),
                                 10000);
        QCOMPARE(mirror.gaps, 0);
    }

    // Fans holding seats while managers hold back overlapping sets, round after round: every
    // answer agrees with the database, and no seat is ever both held and held back.
    void fansRaceManagers()
    {
        const QString eventId = createEvent(EventShape::seats(3, 10).holding(600, 10, 50));
        QVERIFY(!eventId.isEmpty());
        auto *random = QRandomGenerator::global();
        const auto seat = [](int n) {
            return QStringLiteral("S1-%1-%2").arg(n / 10 + 1).arg(n % 10 + 1);
        };
        int managersWon = 0, fansWon = 0, refused = 0, expiredBlocked = 0;
        for (int round = 0; round < 8; ++round) {
            // Some seats start in holds that have just expired (logically: nobody freed them),
            // so the race is also about taking over expired holds.
            QList<QPair<QString, QByteArray>> expired;
            QStringList seededSeats;
            for (int n = 0; n < 30; n += 3) {
                const QByteArray early = testToken(QStringLiteral("early-%1-%2").arg(round).arg(n));
                const auto seeded = hold(eventId, {seat(n)}, early);
                if (seeded.status != 201)
                    continue; // the server's recently-taken window (2 s) may still refuse it
                expired.append({seeded.json().value(u"hold_id").toString(), early});
                seededSeats.append(seat(n));
            }
            {
                pqxx::connection connection{m_server->databaseUrl()};
                pqxx::work work{connection};
                work.exec_params("UPDATE holds SET expires_at = now() - interval '1 second'"
                                 " WHERE event_id = $1::uuid AND status = 'active'",
                                 eventId.toStdString());
                work.exec_params("UPDATE inventory SET expires_at = now() - interval '1 second'"
                                 " WHERE event_id = $1::uuid AND status = 'held'",
                                 eventId.toStdString());
                work.commit();
            }
            QList<HttpRequest> requests;
            QList<QStringList> asked;
            QList<bool> byManager;
            QList<QByteArray> tokens;
            for (int i = 0; i < 60; ++i) {
                const bool manager = i % 10 == 0; // 6 managers among 54 fans
                const int size = manager ? 3 + int(random->bounded(3))
                                         : 1 + int(random->bounded(3));
                const int start = int(random->bounded(30 - size + 1));
                QStringList seats;
                for (int n = start; n < start + size; ++n)
                    seats.append(seat(n));
                std::sort(seats.begin(), seats.end());
                asked.append(seats);
                byManager.append(manager);
                tokens.append(manager ? testToken(QStringLiteral("mgr-%1-%2").arg(round).arg(i),
                                                  QStringLiteral("manager"))
                                      : testToken(QStringLiteral("fan-%1-%2").arg(round).arg(i)));
                requests.append(
                    manager ? HttpClient::request("PUT",
                                                  path(eventId),
                                                  json(holdBack(seats, QStringLiteral("kill"))),
                                                  tokens.last())
                            : HttpClient::request("POST",
                                                  "/holds",
                                                  json({{QStringLiteral("event_id"), eventId},
                                                        {QStringLiteral("seats"),
                                                         QJsonArray::fromStringList(seats)}}),
                                                  tokens.last()));
            }
            const auto answers = client().concurrently(requests, 60000);
            pqxx::connection connection{m_server->databaseUrl()};
            pqxx::nontransaction work{connection};
            const auto stateOf = [&](const QString &seatId) {
                const auto row = work.exec_params1(
                    "SELECT i.status, coalesce(i.hold_id::text, ''), b.kind IS NOT NULL"
                    " FROM inventory i LEFT JOIN holdbacks b USING (event_id, seat_id)"
                    " WHERE i.event_id = $1::uuid AND i.seat_id = $2",
                    eventId.toStdString(),
                    seatId.toStdString());
                return std::tuple(QString::fromStdString(row[0].as<std::string>()),
                                  QString::fromStdString(row[1].as<std::string>()),
                                  row[2].as<bool>());
            };
            QSet<QString> fanSeats, blocked;
            for (qsizetype i = 0; i < answers.size(); ++i) {
                const auto &answer = answers[i];
                if (answer.status == 409) {
                    ++refused;
                    QCOMPARE(answer.code(), QStringLiteral("seat_unavailable"));
                    const QStringList taken = seatsOf(answer);
                    QVERIFY(!taken.isEmpty());
                    for (const QString &seatId : taken)
                        QVERIFY(asked[i].contains(seatId));
                    continue;
                }
                if (byManager[i]) {
                    QCOMPARE(answer.status, 200);
                    ++managersWon;
                    for (const QString &seatId : asked[i]) {
                        const auto [status, holdId, heldBack] = stateOf(seatId);
                        QCOMPARE(status, QStringLiteral("blocked"));
                        QVERIFY(heldBack);
                        QVERIFY2(!fanSeats.contains(seatId), qPrintable(seatId));
                        blocked.insert(seatId);
                    }
                } else {
                    QVERIFY2(answer.status == 201, answer.body.constData());
                    ++fansWon;
                    const QString holdId = answer.json().value(u"hold_id").toString();
                    for (const QString &seatId : asked[i]) {
                        const auto [status, owner, heldBack] = stateOf(seatId);
                        QCOMPARE(status, QStringLiteral("held"));
                        QCOMPARE(owner, holdId);
                        QVERIFY(!heldBack);
                        QVERIFY2(!blocked.contains(seatId), qPrintable(seatId));
                        QVERIFY2(!fanSeats.contains(seatId), qPrintable(seatId));
                        fanSeats.insert(seatId);
                    }
                }
            }
            QCOMPARE(blockedCount(eventId), int(blocked.size()));
            QCOMPARE(holdbackViolations(), QString());
            for (const QString &seatId : seededSeats)
                expiredBlocked += blocked.contains(seatId) ? 1 : 0;
            // Next round from a clean hall: the kills released, the holds too.
            QCOMPARE(release(eventId, {{QStringLiteral("kind"), QStringLiteral("kill")}}, m_manager)
                         .json()
                         .value(u"released")
                         .toInt(),
                     int(blocked.size()));
            for (qsizetype i = 0; i < answers.size(); ++i)
                if (!byManager[i] && answers[i].status == 201)
                    QCOMPARE(client()
                                 .del("/holds/"
                                          + answers[i].json().value(u"hold_id").toString().toLatin1(),
                                      tokens[i])
                                 .status,
                             204);
            for (const auto &[holdId, token] : expired) // what nobody took over goes free
                QCOMPARE(client().del("/holds/" + holdId.toLatin1(), token).status, 204);
            QCOMPARE(scalar("SELECT count(*) FROM inventory WHERE event_id = $1::uuid"
                            " AND status <> 'available'",
                            eventId),
                     0);
        }
        // The race was a race: both sides won seats, and lost some.
        QVERIFY(fansWon > 0);
        QVERIFY(managersWon > 0);
        QVERIFY(refused > 0);
        QVERIFY(expiredBlocked > 0); // managers took seats over from expired holds
    }

    // A statement failing mid-request, or the database connection lost in it, leaves nothing
    // behind: no holdback, no blocked seat, no outbox or audit row; the answer says so.
    void faultsLeaveNothingPartial()
    {
        const QString eventId = createEvent(EventShape::seats(1, 6));
        QVERIFY(!eventId.isEmpty());
        pqxx::connection connection{m_server->databaseUrl()};
        const auto sql = [&](const std::string &text) {
            pqxx::nontransaction work{connection};
            work.exec(text);
        };
        const auto outboxRows = [&] {
            return scalar("SELECT count(*) FROM outbox WHERE event_id = $1::uuid"
                          " AND kind LIKE 'seats.%blocked'",
                          eventId);
        };
        // The audit line (the request's last statement) fails after the seats were blocked.
        sql("CREATE FUNCTION test_fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN IF NEW.action LIKE 'holdback.%' THEN RAISE EXCEPTION 'injected'; END IF;"
            " RETURN NEW; END $$");
        sql("CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit FOR EACH ROW"
            " EXECUTE FUNCTION test_fail_audit()");
        const QJsonObject body = holdBack({QStringLiteral("S1-1-1"), QStringLiteral("S1-1-2")},
                                          QStringLiteral("allocation"),
                                          QStringLiteral("promoter"));
        auto answer = put(eventId, body, m_manager);
        QCOMPARE(answer.status, 503);
        QCOMPARE(answer.code(), QStringLiteral("unavailable"));
        QCOMPARE(holdbackCount(eventId), 0);
        QCOMPARE(blockedCount(eventId), 0);
        QCOMPARE(auditCount(eventId, "holdback.add"), 0);
        QCOMPARE(outboxRows(), 0);
        QCOMPARE(scalar("SELECT count(*) FROM allocations WHERE event_id = $1::uuid", eventId), 0);
        sql("DROP TRIGGER test_fail_audit ON audit");
        QCOMPARE(put(eventId, body, m_manager).status, 200);
        // A failing release keeps the seats held back.
        sql("CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit FOR EACH ROW"
            " EXECUTE FUNCTION test_fail_audit()");
        answer = release(eventId,
                         {{QStringLiteral("kind"), QStringLiteral("allocation")}},
                         m_manager);
        QCOMPARE(answer.status, 503);
        QCOMPARE(holdbackCount(eventId), 2);
        QCOMPARE(blockedCount(eventId), 2);
        QCOMPARE(auditCount(eventId, "holdback.release"), 0);
        QCOMPARE(outboxRows(), 1); // the add's
        sql("DROP TRIGGER test_fail_audit ON audit");
        QCOMPARE(release(eventId,
                         {{QStringLiteral("kind"), QStringLiteral("allocation")}},
                         m_manager)
                     .json()
                     .value(u"released")
                     .toInt(),
                 2);
        QCOMPARE(holdbackCount(eventId), 0);
        QCOMPARE(blockedCount(eventId), 0);
        QCOMPARE(outboxRows(), 2);

        // The connection dies while the request's transaction is open (and again on the retry):
        // the answer is a 503 and nothing was committed.
        sql("CREATE FUNCTION test_slow_audit() RETURNS trigger LANGUAGE plpgsql AS $$"
            " BEGIN PERFORM pg_sleep(1.5); RETURN NEW; END $$");
        sql("CREATE TRIGGER test_slow_audit BEFORE INSERT ON audit FOR EACH ROW"
            " EXECUTE FUNCTION test_slow_audit()");
        const std::string url = m_server->databaseUrl();
        auto killer = std::async(std::launch::async, [url] {
            pqxx::connection killing{url};
            for (int wait : {600, 1500}) {
                std::this_thread::sleep_for(std::chrono::milliseconds(wait));
                pqxx::nontransaction work{killing};
                work.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                          " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                          " AND state = 'active' AND query LIKE 'INSERT INTO audit%'");
            }
        });
        answer = put(eventId,
                     holdBack({QStringLiteral("S1-1-3")}, QStringLiteral("kill")),
                     m_manager);
        killer.get();
        sql("DROP TRIGGER test_slow_audit ON audit");
        // Whatever the server answered, the database agrees with it.
        qInfo("answer with the connection lost: %d", answer.status);
        if (answer.status == 200) {
            QCOMPARE(statusOf(eventId, QStringLiteral("S1-1-3")), QStringLiteral("blocked"));
            QCOMPARE(auditCount(eventId, "holdback.add"), 2);
        } else {
            QCOMPARE(answer.status, 503);
            QCOMPARE(statusOf(eventId, QStringLiteral("S1-1-3")), QStringLiteral("available"));
            QCOMPARE(holdbackCount(eventId), 0);
            QCOMPARE(auditCount(eventId, "holdback.add"), 1);
        }
        // The server serves on with fresh connections.
        QCOMPARE(put(eventId,
                     holdBack({QStringLiteral("S1-1-4")}, QStringLiteral("kill")),
                     m_manager)
                     .status,
                 200);
        QCOMPARE(holdbackViolations(), QString());
    }

    void cleanupTestCase()
    {
        if (m_server)
            QCOMPARE(m_server->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestHoldbacks)
#include "tst_holdbacks.moc"
