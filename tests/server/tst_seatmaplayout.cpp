#include "domain/seatmaplayout.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace boxoffice::server::domain;

namespace {

// A full map as SeatmapCache writes it: fixed-width version, status and GA slots.
QByteArray fullMap(const QList<QByteArray> &quotedIds, const QList<QByteArray> &statuses)
{
    QByteArray out = "{\"event_id\":\"e\",\"version\":" + SeatmapLayout::numberSlot(7)
                     + ",\"seats\":[";
    for (qsizetype i = 0; i < quotedIds.size(); ++i) {
        if (i > 0)
            out += ',';
        out += "{\"id\":" + quotedIds[i]
               + ",\"section\":\"{\\\"id\\\":\",\"row\":\"],\\\"ga\\\":[\",\"number\":\"1\","
                 "\"x\":1.5,\"y\":-2,\"category\":\"c\",\"status\":"
               + SeatmapLayout::statusSlot(statuses[i]) + '}';
    }
    out += "],\"ga\":[{\"id\":\"PISTA\",\"name\":\"P\",\"capacity\":9,\"available\":"
           + SeatmapLayout::numberSlot(4) + "}]}";
    return out;
}

} // namespace

class TestSeatmapLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QList<QByteArray>>("ids"); // as JSON strings
        QTest::newRow("plain") << QList<QByteArray>{"\"A-1-1\"", "\"A-1-2\""};
        QTest::newRow("escaped") << QList<QByteArray>{"\"q\\\"{\\\"id\\\":\"",
                                                      "\"back\\\\\"",
                                                      "\"\\u00e9,\\\"status\\\":\""};
        QTest::newRow("no seats") << QList<QByteArray>{};
    }

    void parse()
    {
        QFETCH(QList<QByteArray>, ids);
        QList<QByteArray> statuses;
        for (qsizetype i = 0; i < ids.size(); ++i)
            statuses.append(i % 2 ? "sold" : "available");
        const QByteArray full = fullMap(ids, statuses);
        const QJsonObject parsed = QJsonDocument::fromJson(full).object();
        QVERIFY(!parsed.isEmpty());
        const auto layout = SeatmapLayout::parse(full);
        QVERIFY(layout);
        QCOMPARE(layout->seatFull.size(), size_t(ids.size()));
        QCOMPARE(layout->gaFull.size(), size_t(1));
        // The WebSocket form has the same ids, statuses and GA counts.
        const QJsonObject ws = QJsonDocument::fromJson(layout->ws).object();
        const QJsonArray seats = parsed.value(u"seats").toArray();
        QCOMPARE(ws.value(u"seats").toArray().size(), seats.size());
        for (qsizetype i = 0; i < seats.size(); ++i) {
            const QString id = seats[i][u"id"].toString();
            QCOMPARE(ws.value(u"seats")[i][u"id"].toString(), id);
            QCOMPARE(ws.value(u"seats")[i][u"status"].toString(), seats[i][u"status"].toString());
            QCOMPARE(layout->seatPosition(id.toUtf8(), layout->ws), int(i));
        }
        QCOMPARE(ws.value(u"ga")[0][u"available"].toInt(), 4);
        QCOMPARE(layout->gaIndex.value(QStringLiteral("PISTA"), -1), 0);
        QCOMPARE(layout->seatPosition("no such seat", layout->ws), -1);

        // Filling the slots gives the map of other statuses.
        QByteArray filled = layout->full;
        for (size_t i = 0; i < layout->seatFull.size(); ++i)
            filled.replace(layout->seatFull[i],
                           SeatmapLayout::kStatusWidth,
                           SeatmapLayout::codeSlot('h'));
        filled.replace(layout->versionAt, SeatmapLayout::kNumberWidth, SeatmapLayout::numberSlot(8));
        filled.replace(layout->gaFull[0], SeatmapLayout::kNumberWidth, SeatmapLayout::numberSlot(0));
        QList<QByteArray> held(ids.size(), "held");
        QByteArray expected = fullMap(ids, held);
        expected.replace(layout->versionAt,
                         SeatmapLayout::kNumberWidth,
                         SeatmapLayout::numberSlot(8));
        expected.replace(layout->gaFull[0],
                         SeatmapLayout::kNumberWidth,
                         SeatmapLayout::numberSlot(0));
        QCOMPARE(filled, expected);
        QCOMPARE(QJsonDocument::fromJson(filled).object().value(u"version").toInteger(), 8);
    }

    void rejectsOtherText_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("object") << QByteArray("{\"a\":1}");
        QTest::newRow("truncated") << fullMap({"\"A\""}, {"held"}).chopped(30);
        QTest::newRow("open id") << QByteArray(
            "{\"event_id\":\"e\",\"version\":1,\"seats\":[{\"id\":\"A],\"ga\":[]}");
    }

    void rejectsOtherText()
    {
        QFETCH(QByteArray, text);
        QVERIFY(!SeatmapLayout::parse(text));
    }
};

QTEST_GUILESS_MAIN(TestSeatmapLayout)
#include "tst_seatmaplayout.moc"
