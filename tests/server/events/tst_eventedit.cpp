// SPDX-License-Identifier: GPL-3.0-or-later
#include "backoffice.h"
#include "checkoutfixture.h"

using namespace boxoffice::test;

// PATCH /events/{id} over a real server: If-Match (428, 412, one winner among managers editing
// at once), the checks naming their field, pause and off-sale refused by the database, prices
// that never change what was sold, the audit line with before and after, and who may do it.
class TestEventEdit : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    SeatRows m_rows;
    const QByteArray m_manager = testToken(QStringLiteral("boss"), QStringLiteral("manager"));

    HttpClient client() const { return m_checkout.client(); }
    HttpResponse patch(const QJsonObject &body, const QByteArray &ifMatch = "current")
    {
        const QByteArray tag = ifMatch == "current" ? eventTag(client(), m_event) : ifMatch;
        return patchEvent(client(), m_event, body, m_manager, tag);
    }
    QStringList nextSeats(int count) { return m_rows.next(count); }
    HttpResponse holdSeats(const QStringList &seats, const QByteArray &fan)
    {
        return client().post("/holds",
                             QJsonObject{{QStringLiteral("event_id"), m_event},
                                         {QStringLiteral("seats"),
                                          QJsonArray::fromStringList(seats)}},
                             fan);
    }
    HttpResponse holdStanding(const QByteArray &fan)
    {
        return client().post("/holds",
                             QJsonObject{{QStringLiteral("event_id"), m_event},
                                         {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                         {QStringLiteral("quantity"), 1}},
                             fan);
    }
    QJsonObject buy(const QStringList &seats, const QByteArray &fan)
    {
        return m_checkout.buy(m_event, seats, fan);
    }
    static QJsonArray categories(qint64 priceA, bool withB = true)
    {
        QJsonArray out{QJsonObject{{QStringLiteral("id"), QStringLiteral("A")},
                                   {QStringLiteral("name"), QStringLiteral("Stalls")},
                                   {QStringLiteral("color"), QStringLiteral("#336699")},
                                   {QStringLiteral("price_cents"), priceA}}};
        if (withB)
            out.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("B")},
                                   {QStringLiteral("name"), QStringLiteral("Balcony")},
                                   {QStringLiteral("color"), QStringLiteral("#993366")},
                                   {QStringLiteral("price_cents"), 3000}});
        return out;
    }
    QString auditLine(const QString &action)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto rows = work.exec_params(
            "SELECT actor || ' ' || coalesce(before, '{}')::text || ' -> ' || after::text FROM "
            "audit"
            " WHERE event_id = $1::uuid AND action = $2 ORDER BY id DESC LIMIT 1",
            m_event.toStdString(),
            action.toStdString());
        return rows.empty() ? QString() : QString::fromStdString(rows[0][0].c_str());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        m_event = m_checkout.createEvent(QStringLiteral("edit"), 20, 6, 50, 60);
        QVERIFY(!m_event.isEmpty());
    }

    void readAnswersItsVersion()
    {
        const auto event = client().get(eventPath(m_event));
        QCOMPARE(event.status, 200);
        QCOMPARE(event.header("etag"), QByteArray("\"1\""));
        const QJsonObject body = event.json();
        QCOMPARE(body.value(u"version").toInt(), 1);
        QCOMPARE(body.value(u"sale_state").toString(), QStringLiteral("on_sale"));
        QVERIFY(body.value(u"off_sale_at").isNull());
        QVERIFY(body.value(u"doors_at").isNull());
        QCOMPARE(body.value(u"queue").toObject().value(u"enabled").toBool(), false);
        QVERIFY(auditLine(QStringLiteral("event.create")).startsWith(u"manager {} -> {"));
    }

    void changesNeedTheVersionRead()
    {
        const QJsonObject body{{QStringLiteral("title"), QStringLiteral("Renamed")}};
        const auto missing = patch(body, {});
        QCOMPARE(missing.status, 428);
        QCOMPARE(missing.code(), QStringLiteral("precondition_required"));
        const QByteArray tag = eventTag(client(), m_event);
        const auto changed = patch(body, tag);
        QCOMPARE(changed.status, 200);
        QCOMPARE(changed.json().value(u"title").toString(), QStringLiteral("Renamed"));
        QCOMPARE(changed.header("etag"),
                 '"' + QByteArray::number(tag.mid(1, tag.size() - 2).toInt() + 1) + '"');
        const auto stale = patch(QJsonObject{{QStringLiteral("title"), QStringLiteral("Lost")}},
                                 tag);
        QCOMPARE(stale.status, 412);
        QCOMPARE(stale.code(), QStringLiteral("precondition_failed"));
        QCOMPARE(client().get(eventPath(m_event)).json().value(u"title").toString(),
                 QStringLiteral("Renamed"));
        // The audit line names who and only what changed.
        QCOMPARE(auditLine(QStringLiteral("event.update")),
                 QStringLiteral("boss {\"title\": \"Test show\"} -> {\"title\": \"Renamed\"}"));
    }

    void managersEditingAtOnceHaveOneWinner()
    {
        const QByteArray tag = eventTag(client(), m_event);
        QList<HttpRequest> requests;
        for (int i = 0; i < 8; ++i)
            requests.append(
                HttpClient::request("PATCH",
                                    eventPath(m_event),
                                    QJsonDocument(QJsonObject{{QStringLiteral("title"),
                                                               QStringLiteral("Edit %1").arg(i)}})
                                        .toJson(QJsonDocument::Compact),
                                    m_manager,
                                    {{"Content-Type", "application/json"}, {"If-Match", tag}}));
        int won = 0, refused = 0;
        QString winner;
        for (const HttpResponse &answer : client().concurrently(requests)) {
            if (answer.status == 200) {
                ++won;
                winner = answer.json().value(u"title").toString();
            }
            refused += answer.status == 412 ? 1 : 0;
        }
        QCOMPARE(won, 1);
        QCOMPARE(refused, 7);
        QCOMPARE(client().get(eventPath(m_event)).json().value(u"title").toString(), winner);
    }

    void badChangesNameTheirField_data()
    {
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");
        QTest::newRow("sale opens after the start")
            << QJsonObject{{QStringLiteral("on_sale_at"), QStringLiteral("2031-01-01T00:00:00Z")}}
            << 422 << "invalid_field"
            << "on_sale_at";
        QTest::newRow("sale closes before it opens")
            << QJsonObject{{QStringLiteral("off_sale_at"), QStringLiteral("2020-01-01T00:00:00Z")}}
            << 422 << "invalid_field"
            << "off_sale_at";
        QTest::newRow("doors after the start")
            << QJsonObject{{QStringLiteral("doors_at"), QStringLiteral("2030-06-01T21:00:00Z")}}
            << 422 << "invalid_field"
            << "doors_at";
        QTest::newRow("a start in the past")
            << QJsonObject{{QStringLiteral("starts_at"), QStringLiteral("2021-06-01T21:00:00Z")}}
            << 422 << "invalid_field"
            << "starts_at";
        QTest::newRow("negative price")
            << QJsonObject{{QStringLiteral("categories"), categories(-5)}} << 422 << "invalid_field"
            << "categories";
        QTest::newRow("removing a category with seats")
            << QJsonObject{{QStringLiteral("categories"),
                            QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("B")},
                                                   {QStringLiteral("name"), QStringLiteral("B")},
                                                   {QStringLiteral("price_cents"), 100}}}}}
            << 422 << "category_in_use"
            << "categories";
        QTest::newRow("another venue after sales")
            << QJsonObject{{QStringLiteral("venue_id"), QStringLiteral("elsewhere")}} << 422
            << "event_has_sales"
            << "venue_id";
        QTest::newRow("unknown field")
            << QJsonObject{{QStringLiteral("price"), 3}} << 400 << "bad_request"
            << "price";
        QTest::newRow("wrong type")
            << QJsonObject{{QStringLiteral("paused"), QStringLiteral("yes")}} << 400
            << "bad_request"
            << "paused";
        QTest::newRow("zero limit")
            << QJsonObject{{QStringLiteral("max_seats_per_user"), 0}} << 400 << "bad_request"
            << "max_seats_per_user";
    }
    void badChangesNameTheirField()
    {
        QFETCH(QJsonObject, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        if (field == u"venue_id") // something was held: the event stays where it is
            QCOMPARE(holdSeats(nextSeats(1), testToken(QStringLiteral("venue-fan"))).status, 201);
        const QByteArray before = client().get(eventPath(m_event)).body;
        const auto answer = patch(body);
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.code(), code);
        QCOMPARE(answer.json().value(u"field").toString(), field);
        QCOMPARE(client().get(eventPath(m_event)).body, before); // nothing written
    }

    void pauseStopsEveryHoldUntilResumed()
    {
        const QByteArray fan = testToken(QStringLiteral("pause-fan"));
        QCOMPARE(patch(QJsonObject{{QStringLiteral("paused"), true}}).status, 200);
        QCOMPARE(client().get(eventPath(m_event)).json().value(u"sale_state").toString(),
                 QStringLiteral("paused"));
        const auto seats = holdSeats(nextSeats(2), fan);
        QCOMPARE(seats.status, 409);
        QCOMPARE(seats.code(), QStringLiteral("sale_paused"));
        const auto standing = holdStanding(fan);
        QCOMPARE(standing.status, 409);
        QCOMPARE(standing.code(), QStringLiteral("sale_paused"));
        QCOMPARE(patch(QJsonObject{{QStringLiteral("paused"), false}}).status, 200);
        QCOMPARE(holdSeats(nextSeats(2), fan).status, 201);
    }

    void pricesChangeOnlyWhatIsSoldNext()
    {
        const QByteArray fan = testToken(QStringLiteral("price@example.com"));
        const QJsonObject before = buy(nextSeats(1), fan);
        QCOMPARE(before.value(u"status").toString(), QStringLiteral("paid"));
        const qint64 paid = before.value(u"amount_cents").toInteger();
        QCOMPARE(paid, 5000);
        const auto changed = patch(QJsonObject{{QStringLiteral("categories"), categories(9000)}});
        QCOMPARE(changed.status, 200);
        QCOMPARE(changed.json().value(u"min_price_cents").toInteger(), 3000);
        QVERIFY(auditLine(QStringLiteral("prices.update")).contains(u"\"price_cents\": 9000"));
        // The ticket sold keeps its price (what a refund gives back); the next sale pays the new.
        QCOMPARE(m_checkout.scalar("SELECT sum(price_cents) FROM tickets WHERE order_id = '"
                                   + before.value(u"order_id").toString().toStdString() + "'"),
                 5000);
        const QJsonObject after = buy(nextSeats(1), fan);
        QCOMPARE(after.value(u"amount_cents").toInteger(), 9000);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void seatsMoveToAnotherPriceOnEveryServer()
    {
        const QStringList row = nextSeats(3);
        auto categoryOf = [](const ServerProcess &server,
                             const QString &event,
                             const QString &seat) {
            const QJsonArray seats
                = server.client().get(eventPath(event, "/seatmap")).json().value(u"seats").toArray();
            for (const QJsonValue &s : seats) {
                if (s[u"id"].toString() == seat)
                    return s[u"category"].toString();
            }
            return QString();
        };
        auto assign = [&](const QJsonObject &body, const QByteArray &tag) {
            return sendWithIfMatch(client(),
                                   "PUT",
                                   eventPath(m_event, "/seat-categories"),
                                   body,
                                   m_manager,
                                   tag);
        };
        // A second server on the same database has the map cached already.
        ServerProcess other(m_checkout.server.get());
        QVERIFY(other.isRunning());
        QCOMPARE(categoryOf(other, m_event, row[0]), QStringLiteral("A"));
        const QByteArray mapTag = client().get(eventPath(m_event, "/seatmap")).header("etag");

        const QJsonObject toB{{QStringLiteral("category"), QStringLiteral("B")},
                              {QStringLiteral("seats"), QJsonArray::fromStringList(row)}};
        QCOMPARE(assign(toB, {}).status, 428);
        const auto unknownCategory = assign({{QStringLiteral("category"), QStringLiteral("Z")},
                                             {QStringLiteral("seats"), QJsonArray{row[0]}}},
                                            eventTag(client(), m_event));
        QCOMPARE(unknownCategory.status, 422);
        QCOMPARE(unknownCategory.json().value(u"field").toString(), QStringLiteral("category"));
        const auto unknownSeat = assign({{QStringLiteral("category"), QStringLiteral("B")},
                                         {QStringLiteral("seats"),
                                          QJsonArray{row[0], QStringLiteral("nope")}}},
                                        eventTag(client(), m_event));
        QCOMPARE(unknownSeat.status, 422);
        QCOMPARE(unknownSeat.json().value(u"seats").toArray(), QJsonArray{QStringLiteral("nope")});
        QCOMPARE(categoryOf(*m_checkout.server, m_event, row[0]), QStringLiteral("A"));

        const auto moved = assign(toB, eventTag(client(), m_event));
        QCOMPARE(moved.status, 200);
        QCOMPARE(moved.json().value(u"assigned").toInt(), 3);
        QCOMPARE(moved.header("etag"), eventTag(client(), m_event));
        // Both servers show it at once (a new layout: their maps are rebuilt, not patched).
        QCOMPARE(categoryOf(*m_checkout.server, m_event, row[0]), QStringLiteral("B"));
        QCOMPARE(categoryOf(other, m_event, row[2]), QStringLiteral("B"));
        QVERIFY(client().get(eventPath(m_event, "/seatmap")).header("etag") != mapTag);
        // The next sale of such a seat pays its new category's price.
        const QJsonObject sold = buy({row[0]}, testToken(QStringLiteral("moved@example.com")));
        QCOMPARE(sold.value(u"amount_cents").toInteger(), 3000);
        // Moving again does nothing; a whole section moves back, the sold seat included.
        QCOMPARE(assign(toB, eventTag(client(), m_event)).json().value(u"assigned").toInt(), 0);
        const auto back = assign({{QStringLiteral("category"), QStringLiteral("A")},
                                  {QStringLiteral("sections"), QJsonArray{QStringLiteral("S1")}}},
                                 eventTag(client(), m_event));
        QCOMPARE(back.json().value(u"assigned").toInt(), 3);
        QCOMPARE(categoryOf(other, m_event, row[1]), QStringLiteral("A"));
        QCOMPARE(m_checkout.scalar("SELECT sum(price_cents) FROM tickets WHERE order_id = '"
                                   + sold.value(u"order_id").toString().toStdString() + "'"),
                 3000);
        QVERIFY(
            auditLine(QStringLiteral("seat_categories.assign")).contains(u"\"category\": \"A\""));
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }

    void offSaleTimeEndsTheSale()
    {
        const QByteArray fan = testToken(QStringLiteral("late-fan"));
        const QDateTime soon = QDateTime::currentDateTimeUtc().addSecs(2);
        const auto set = patch(
            QJsonObject{{QStringLiteral("off_sale_at"), soon.toString(Qt::ISODateWithMs)},
                        {QStringLiteral("doors_at"), QStringLiteral("2030-06-01T19:00:00Z")}});
        QCOMPARE(set.status, 200);
        QCOMPARE(set.json().value(u"doors_at").toString(), QStringLiteral("2030-06-01T19:00:00Z"));
        QTest::qWait(int(QDateTime::currentDateTimeUtc().msecsTo(soon)) + 300);
        QCOMPARE(holdSeats(nextSeats(1), fan).code(), QStringLiteral("off_sale"));
        QCOMPARE(client().get(eventPath(m_event)).json().value(u"sale_state").toString(),
                 QStringLiteral("off_sale"));
        // Cleared again: on sale.
        QCOMPARE(patch(QJsonObject{{QStringLiteral("off_sale_at"), QJsonValue::Null}}).status, 200);
        QCOMPARE(holdSeats(nextSeats(1), fan).status, 201);
    }

    void backOfficeListsEveryEvent()
    {
        const QByteArray clerk = testToken(QStringLiteral("list-clerk"), QStringLiteral("clerk"));
        const auto page = client().get("/events?include=all&limit=1", clerk);
        QCOMPARE(page.status, 200);
        const QJsonArray items = page.json().value(u"items").toArray();
        QCOMPARE(items.size(), 1);
        QVERIFY(items[0][u"sale_state"].isString());
        QVERIFY(items[0][u"version"].toInt() >= 1);
        QVERIFY(page.json().value(u"next_offset").isNull()); // the one event of this database
        QCOMPARE(client().get("/events?include=all", testToken(QStringLiteral("f"))).status, 403);
        const auto bad = client().get("/events?include=all&limit=0", clerk);
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.json().value(u"field").toString(), QStringLiteral("limit"));
    }

    void searchFollowsChanges()
    {
        QCOMPARE(patch(QJsonObject{{QStringLiteral("title"), QStringLiteral("Zarzuela gala")}})
                     .status,
                 200);
        // The projection catches up from the outbox (event.updated).
        QTRY_COMPARE_WITH_TIMEOUT(
            client().get("/events?q=zarzuela").json().value(u"items").toArray().size(), 1, 10000);
    }

    void auditTrailShowsWhoChangedWhat()
    {
        const auto page = client().get("/audit?event_id=" + m_event.toLatin1() + "&limit=200",
                                       m_manager);
        QCOMPARE(page.status, 200);
        QStringList actions;
        QJsonObject rename;
        for (const QJsonValue &item : page.json().value(u"items").toArray()) {
            actions.append(item[u"action"].toString());
            if (item[u"action"].toString() == u"event.update"
                && item[u"after"][u"title"].toString() == u"Renamed")
                rename = item.toObject();
        }
        QVERIFY(actions.contains(u"event.create"));
        QVERIFY(actions.contains(u"prices.update"));
        QCOMPARE(actions.last(), QStringLiteral("event.create")); // newest first
        QCOMPARE(rename.value(u"actor").toString(), QStringLiteral("boss"));
        QCOMPARE(rename.value(u"before").toObject().value(u"title").toString(),
                 QStringLiteral("Test show"));
        QCOMPARE(rename.value(u"event_id").toString(), m_event);
    }

    void onlyManagersChangeEvents_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<int>("status");
        QTest::newRow("fan") << testToken(QStringLiteral("f")) << 403;
        QTest::newRow("clerk") << testToken(QStringLiteral("c"), QStringLiteral("clerk")) << 403;
        QTest::newRow("door") << testToken(QStringLiteral("d"), QStringLiteral("door")) << 403;
        QTest::newRow("nobody") << QByteArray() << 401;
    }
    void onlyManagersChangeEvents()
    {
        QFETCH(QByteArray, token);
        QFETCH(int, status);
        const QByteArray tag = eventTag(client(), m_event);
        const QJsonObject title{{QStringLiteral("title"), QStringLiteral("Mine")}};
        QCOMPARE(patchEvent(client(), m_event, title, token, tag).status, status);
        QCOMPARE(sendWithIfMatch(client(),
                                 "POST",
                                 eventPath(m_event, "/cancel"),
                                 QJsonObject{{QStringLiteral("reason"), QStringLiteral("x")}},
                                 token,
                                 tag)
                     .status,
                 status);
        QCOMPARE(client().post(eventPath(m_event, "/duplicate"), {}, token).status, status);
        QCOMPARE(eventTag(client(), m_event), tag);
    }

    void duplicateCopiesSettingsWithoutSales()
    {
        // A camera position is killed on every night; house seats are each night's own.
        const auto killed = sendWithIfMatch(client(),
                                            "PUT",
                                            eventPath(m_event, "/holdbacks"),
                                            QJsonObject{{QStringLiteral("seats"),
                                                         QJsonArray{QStringLiteral("S1-20-6")}},
                                                        {QStringLiteral("kind"),
                                                         QStringLiteral("kill")}},
                                            m_manager,
                                            {});
        QCOMPARE(killed.status, 200);
        const auto house = sendWithIfMatch(client(),
                                           "PUT",
                                           eventPath(m_event, "/holdbacks"),
                                           QJsonObject{{QStringLiteral("seats"),
                                                        QJsonArray{QStringLiteral("S1-20-5")}},
                                                       {QStringLiteral("kind"),
                                                        QStringLiteral("house")}},
                                           m_manager,
                                           {});
        QCOMPARE(house.status, 200);
        const auto source = client().get(eventPath(m_event)).json();
        const auto copy = client().post(eventPath(m_event, "/duplicate"),
                                        QJsonObject{{QStringLiteral("title"),
                                                     QStringLiteral("Second night")},
                                                    {QStringLiteral("starts_at"),
                                                     QStringLiteral("2030-06-02T20:00:00Z")}},
                                        m_manager);
        QCOMPARE(copy.status, 201);
        const QJsonObject event = copy.json();
        const QString id = event.value(u"id").toString();
        QVERIFY(id != m_event);
        QCOMPARE(copy.header("etag"), QByteArray("\"1\""));
        QCOMPARE(event.value(u"title").toString(), QStringLiteral("Second night"));
        QCOMPARE(event.value(u"starts_at").toString(), QStringLiteral("2030-06-02T20:00:00Z"));
        QCOMPARE(event.value(u"doors_at").toString(), QStringLiteral("2030-06-02T19:00:00Z"));
        QCOMPARE(event.value(u"categories"), source.value(u"categories"));
        QCOMPARE(event.value(u"limits"), source.value(u"limits"));
        QCOMPARE(event.value(u"availability").toString(), QStringLiteral("available"));
        const std::string copyId = id.toStdString();
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM inventory WHERE event_id = '" + copyId
                                   + "' AND status = 'available'"),
                 119);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM holdbacks WHERE event_id = '" + copyId
                                   + "' AND seat_id = 'S1-20-6' AND kind = 'kill'"),
                 1);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM orders WHERE event_id = '" + copyId + "'"),
                 0);
        // The copy's sale opens as long before its start as the source's did: not yet.
        QCOMPARE(event.value(u"sale_state").toString(), QStringLiteral("scheduled"));
        QCOMPARE(QDateTime::fromString(event.value(u"on_sale_at").toString(), Qt::ISODate),
                 QDateTime::fromString(source.value(u"on_sale_at").toString(), Qt::ISODate)
                     .addDays(1));
        const auto hold = client().post("/holds",
                                        QJsonObject{{QStringLiteral("event_id"), id},
                                                    {QStringLiteral("seats"),
                                                     QJsonArray{QStringLiteral("S1-1-1")}}},
                                        testToken(QStringLiteral("copy-fan")));
        QCOMPARE(hold.code(), QStringLiteral("not_on_sale"));
        QCOMPARE(client().get("/events/" + id.toLatin1() + "/seatmap").status, 200);
        // The back office lists both, the later start first, a page at a time.
        const QByteArray clerk = testToken(QStringLiteral("list-clerk"), QStringLiteral("clerk"));
        const auto first = client().get("/events?include=all&limit=1", clerk).json();
        QCOMPARE(first.value(u"items").toArray()[0][u"id"].toString(), id);
        QCOMPARE(first.value(u"next_offset").toInt(), 1);
        const auto second = client().get("/events?include=all&limit=1&offset=1", clerk).json();
        QCOMPARE(second.value(u"items").toArray()[0][u"id"].toString(), m_event);
    }

    // Last: every member the catalogue's SQL builds is one protocol::Event carries, so no
    // answer above left one out (api::eventAnswer logs each it would drop).
    void everyEventMemberIsOnTheWire()
    {
        QCOMPARE(client().get(eventPath(m_event)).status, 200);
        const QByteArray log = m_checkout.server->log();
        QVERIFY2(!log.contains("protocol::Event") && !log.contains("does not read as an Event"),
                 log.constData());
    }
};

QTEST_GUILESS_MAIN(TestEventEdit)
#include "tst_eventedit.moc"
