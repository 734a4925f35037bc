// SPDX-License-Identifier: GPL-3.0-or-later
// db's outbox codec: each domain event becomes the rows the domain wrote as JSON before it had
// typed events (the payloads below are those rows, member for member), and the relay's parse
// reads back what it publishes: the seats, the GA zone it recounts, the order and its owner.
// Then what the relay makes of them, the seat-map delta: its bytes (which the WebSocket sends
// as they are) and the seat-map cache's reading of them.
#include "db/outboxcodec.h"
#include "db/seatmapdeltacodec.h"

#include <QJsonDocument>
#include <QTest>

using namespace boxoffice::server;
using namespace boxoffice::server::domain::events;

Q_DECLARE_METATYPE(DomainEvent)

namespace {

const QString kEvent = QStringLiteral("6f1c0000-0000-4000-8000-000000000001");

struct Expected
{
    QString kind;
    QByteArray payload;
};

// JSON written with ' for " (moc 6.4 loses its way in raw string literals).
QByteArray quoted(QByteArray json)
{
    return json.replace('\'', '"');
}

QJsonObject object(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(quoted(json), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in the test: %s", json.constData());
    return document.object();
}

} // namespace

Q_DECLARE_METATYPE(QList<Expected>)

class TestOutboxCodec : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eachEventIsItsRows_data()
    {
        QTest::addColumn<DomainEvent>("event");
        QTest::addColumn<QList<Expected>>("rows");
        const QStringList seats{QStringLiteral("A-1"), QStringLiteral("A-2")};

        QTest::newRow("seats held")
            << DomainEvent(HoldPlaced{kEvent, u"h1"_qs, seats, {}, 0})
            << QList<Expected>{{u"seats.held"_qs, "{'hold_id':'h1','seats':['A-1','A-2']}"}};
        QTest::newRow("ga held") << DomainEvent(HoldPlaced{kEvent, u"h1"_qs, {}, u"floor"_qs, 3})
                                 << QList<Expected>{{u"ga.held"_qs,
                                                     "{'hold_id':'h1','ga':'floor','quantity':3}"}};
        QTest::newRow("hold released, seats and ga")
            << DomainEvent(HoldReleased{kEvent, u"h1"_qs, seats, u"floor"_qs, 2})
            << QList<Expected>{{u"seats.released"_qs,
                                "{'hold_id':'h1','reason':'released','seats':['A-1','A-2']}"},
                               {u"ga.released"_qs, "{'hold_id':'h1','ga':'floor','quantity':2}"}};
        QTest::newRow("hold released, nothing left to free")
            << DomainEvent(HoldReleased{kEvent, u"h1"_qs, {}, {}, 0}) << QList<Expected>{};
        QTest::newRow("ga expired")
            << DomainEvent(GaHoldsExpired{kEvent, u"floor"_qs, 4})
            << QList<Expected>{
                   {u"ga.released"_qs, "{'ga':'floor','quantity':4,'reason':'expired'}"}};
        QTest::newRow("none expired")
            << DomainEvent(GaHoldsExpired{kEvent, u"floor"_qs, 0}) << QList<Expected>{};
        QTest::newRow("order created")
            << DomainEvent(OrderCreated{kEvent, u"o1"_qs, u"fan-7"_qs})
            << QList<Expected>{{u"order.created"_qs, "{'order_id':'o1','owner':'fan-7'}"}};
        QTest::newRow("order paid")
            << DomainEvent(OrderPaid{kEvent, u"o1"_qs, seats, u"floor"_qs, 2})
            << QList<Expected>{{u"seats.sold"_qs, "{'seats':['A-1','A-2'],'order_id':'o1'}"},
                               {u"ga.sold"_qs, "{'ga_id':'floor','quantity':2}"}};
        QTest::newRow("sold places freed")
            << DomainEvent(SoldPlacesFreed{kEvent, seats, {{u"floor"_qs, 2}, {u"balcony"_qs, 1}}})
            << QList<Expected>{{u"seats.released"_qs, "{'seats':['A-1','A-2'],'reason':'refunded'}"},
                               {u"ga.released"_qs, "{'ga_id':'balcony','quantity':1}"},
                               {u"ga.released"_qs, "{'ga_id':'floor','quantity':2}"}};
        const QByteArray trailSeat = "'order_id':'o1','reason':'exchanged',"
                                     "'old_ticket_id':'t1','new_ticket_id':'t2',"
                                     "'from_seat':'A-1','to_seat':'B-5','from_ga':'',"
                                     "'to_ga':'','clerk':'clerk1'";
        QTest::newRow("seat exchanged for a seat")
            << DomainEvent(TicketExchanged{kEvent,
                                           u"o1"_qs,
                                           u"clerk1"_qs,
                                           {u"t1"_qs, u"A-1"_qs, {}},
                                           {u"t2"_qs, u"B-5"_qs, {}}})
            << QList<Expected>{{u"seats.released"_qs, "{" + trailSeat + ",'seats':['A-1']}"},
                               {u"seats.sold"_qs, "{" + trailSeat + ",'seats':['B-5']}"}};
        const QByteArray trailGa = "'order_id':'o1','reason':'exchanged',"
                                   "'old_ticket_id':'t1','new_ticket_id':'t2',"
                                   "'from_seat':'A-1','to_seat':'','from_ga':'',"
                                   "'to_ga':'floor','clerk':'clerk1'";
        QTest::newRow("seat exchanged for ga")
            << DomainEvent(TicketExchanged{kEvent,
                                           u"o1"_qs,
                                           u"clerk1"_qs,
                                           {u"t1"_qs, u"A-1"_qs, {}},
                                           {u"t2"_qs, {}, u"floor"_qs}})
            << QList<Expected>{{u"seats.released"_qs, "{" + trailGa + ",'seats':['A-1']}"},
                               {u"ga.sold"_qs, "{" + trailGa + ",'ga_id':'floor','quantity':1}"}};
        QTest::newRow("held back")
            << DomainEvent(SeatsHeldBack{kEvent, seats})
            << QList<Expected>{{u"seats.blocked"_qs, "{'seats':['A-1','A-2']}"}};
        QTest::newRow("nothing new held back")
            << DomainEvent(SeatsHeldBack{kEvent, {}}) << QList<Expected>{};
        QTest::newRow("held back seats released")
            << DomainEvent(HeldBackSeatsReleased{kEvent, seats})
            << QList<Expected>{{u"seats.unblocked"_qs, "{'seats':['A-1','A-2']}"}};
        QTest::newRow("allocation seats returned")
            << DomainEvent(AllocationSeatsReturned{kEvent, u"h1"_qs, u"press"_qs, seats})
            << QList<Expected>{{u"seats.blocked"_qs,
                                "{'hold_id':'h1','reason':'released','allocation':'press',"
                                "'seats':['A-1','A-2']}"}};
        QTest::newRow("nothing returned")
            << DomainEvent(AllocationSeatsReturned{kEvent, u"h1"_qs, u"press"_qs, {}})
            << QList<Expected>{};
        QTest::newRow("rescheduled")
            << DomainEvent(EventRescheduled{kEvent,
                                            QDateTime::fromString(u"2027-03-01T21:30:00+01:00"_qs,
                                                                  Qt::ISODate),
                                            12})
            << QList<Expected>{{u"event.rescheduled"_qs,
                                "{'event_id':'" + kEvent.toUtf8()
                                    + "','starts_at':'2027-03-01T20:30:00Z','mailed':12}"}};
    }

    void eachEventIsItsRows()
    {
        QFETCH(DomainEvent, event);
        QFETCH(QList<Expected>, rows);
        const QList<db::OutboxRow> written = db::outboxRows(event);
        QCOMPARE(written.size(), rows.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(written[i].eventId, kEvent);
            QCOMPARE(written[i].kind, rows[i].kind);
            QCOMPARE(written[i].payload, object(rows[i].payload));
        }
    }

    // What the relay takes from each row: seats for the map and the seat history, `ga` zones
    // to recount, `order.*` rows' order and owner for the order feed.
    void theRelayReadsTheRowsBack()
    {
        const auto read = [](const DomainEvent &event, int row = 0) {
            const auto rows = db::outboxRows(event);
            return db::readOutboxPayload(
                QJsonDocument(rows.at(row).payload).toJson(QJsonDocument::Compact));
        };
        const QStringList seats{QStringLiteral("A-1"), QStringLiteral("A-2")};
        QCOMPARE(read(HoldPlaced{kEvent, u"h1"_qs, seats, {}, 0}).seats, seats);
        QCOMPARE(read(HoldPlaced{kEvent, u"h1"_qs, {}, u"floor"_qs, 3}).gaZone, u"floor"_qs);
        QCOMPARE(read(HoldReleased{kEvent, u"h1"_qs, seats, u"floor"_qs, 2}).seats, seats);
        QCOMPARE(read(HoldReleased{kEvent, u"h1"_qs, seats, u"floor"_qs, 2}, 1).gaZone, u"floor"_qs);
        QCOMPARE(read(GaHoldsExpired{kEvent, u"floor"_qs, 4}).gaZone, u"floor"_qs);
        const db::OutboxChange order = read(OrderCreated{kEvent, u"o1"_qs, u"fan-7"_qs});
        QCOMPARE(order.orderId, u"o1"_qs);
        QCOMPARE(order.owner, u"fan-7"_qs);
        const db::OutboxChange paid = read(OrderPaid{kEvent, u"o1"_qs, seats, {}, 0});
        QCOMPARE(paid.seats, seats);
        QCOMPARE(paid.orderId, u"o1"_qs);
        QCOMPARE(read(SoldPlacesFreed{kEvent, seats, {}}).seats, seats);
        const TicketExchanged exchange{kEvent,
                                       u"o1"_qs,
                                       u"clerk1"_qs,
                                       {u"t1"_qs, u"A-1"_qs, {}},
                                       {u"t2"_qs, u"B-5"_qs, {}}};
        QCOMPARE(read(exchange, 0).seats, QStringList{u"A-1"_qs});
        QCOMPARE(read(exchange, 1).seats, QStringList{u"B-5"_qs});
        QCOMPARE(read(SeatsHeldBack{kEvent, seats}).seats, seats);
        QCOMPARE(read(HeldBackSeatsReleased{kEvent, seats}).seats, seats);
        QCOMPARE(read(AllocationSeatsReturned{kEvent, u"h1"_qs, u"press"_qs, seats}).seats, seats);
        // `ga_id` rows (sold, refunded, exchanged GA places) name their zone too: the relay
        // recounts it, so places given back show on the live map.
        QCOMPARE(read(OrderPaid{kEvent, u"o1"_qs, {}, u"floor"_qs, 2}).gaZone, u"floor"_qs);
        QCOMPARE(read(SoldPlacesFreed{kEvent, {}, {{u"floor"_qs, 2}}}).gaZone, u"floor"_qs);
        const TicketExchanged gaExchange{kEvent,
                                         u"o1"_qs,
                                         u"clerk1"_qs,
                                         {u"t1"_qs, {}, u"floor"_qs},
                                         {u"t2"_qs, {}, u"balcony"_qs}};
        QCOMPARE(read(gaExchange, 0).gaZone, u"floor"_qs);
        QCOMPARE(read(gaExchange, 1).gaZone, u"balcony"_qs);
        const db::OutboxChange rescheduled = read(EventRescheduled{kEvent, {}, 0});
        QVERIFY(rescheduled.seats.isEmpty());
        QVERIFY(rescheduled.gaZone.isEmpty());
    }

    // Rows the SQL statements write (hold_seats, the sweeper), read the same way.
    void rowsWrittenInSqlReadTheSame()
    {
        const db::OutboxChange held = db::readOutboxPayload(
            quoted("{'hold_id':'h1','owner':'u1','seats':['A1','A2']}"));
        QCOMPARE(held.seats, (QStringList{u"A1"_qs, u"A2"_qs}));
        QCOMPARE(held.owner, u"u1"_qs);
        QVERIFY(db::readOutboxPayload("not json").seats.isEmpty());
    }

    void seatmapDeltasReadBackAsWritten()
    {
        db::SeatmapChanges changes;
        changes.seats = {{u"A-1"_qs, u"held"_qs}, {u"A-2"_qs, u"sold"_qs}};
        changes.zones = {{u"floor"_qs, 5}};
        const QByteArray json = db::seatmapChangesJson(changes);
        QCOMPARE(json,
                 quoted("{'ga':[{'available':5,'id':'floor'}],"
                        "'seats':[{'id':'A-1','status':'held'},{'id':'A-2','status':'sold'}]}"));
        const db::SeatmapChanges read = db::readSeatmapChanges(json);
        QCOMPARE(read.seats.size(), 2);
        QCOMPARE(read.seats[1].id, u"A-2"_qs);
        QCOMPARE(read.seats[1].status, u"sold"_qs);
        QCOMPARE(read.zones.size(), 1);
        QCOMPARE(read.zones[0].id, u"floor"_qs);
        QCOMPARE(read.zones[0].available, 5);
        // Seats only: the zones are an empty list, as the WebSocket's clients expect.
        QCOMPARE(db::seatmapChangesJson({{{u"B-1"_qs, u"available"_qs}}, {}}),
                 quoted("{'ga':[],'seats':[{'id':'B-1','status':'available'}]}"));
    }
};

QTEST_GUILESS_MAIN(TestOutboxCodec)
#include "tst_outboxcodec.moc"
