// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/seatmaplayout.h"
#include "domain/seatmapplan.h"
#include "domain/seattable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace boxoffice::server::domain;

namespace {

// A full map as SeatmapCache serves it: fixed-width version, status and GA slots.
QByteArray fullMap(const QList<QByteArray> &quotedIds,
                   const QList<QByteArray> &statuses,
                   qint64 version,
                   qint64 available)
{
    QByteArray out = "{\"event_id\":\"e\",\"version\":" + SeatmapLayout::numberSlot(version)
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
           + SeatmapLayout::numberSlot(available) + "}]}";
    return out;
}

// The seat table of fullMap(): the seats' values as the database would send them.
QByteArray seatTable(const QStringList &ids)
{
    SeatTable table;
    for (const QString &id : ids) {
        const QByteArray utf8 = id.toUtf8();
        table.addSeat(std::string_view(utf8.constData(), size_t(utf8.size())),
                      "{\"id\":",
                      "],\"ga\":[",
                      "1",
                      "1.5",
                      "-2",
                      "c");
    }
    table.addZone(QStringLiteral("PISTA"), QStringLiteral("P"), 9);
    return table.text();
}

} // namespace

class TestSeatmapLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void expand_data()
    {
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<QList<QByteArray>>("quoted"); // the same as JSON strings
        QTest::newRow("plain") << QStringList{QStringLiteral("A-1-1"), QStringLiteral("A-1-2")}
                               << QList<QByteArray>{"\"A-1-1\"", "\"A-1-2\""};
        QTest::newRow("escaped") << QStringList{QStringLiteral("q\"{\"id\":"),
                                                QStringLiteral("back\\"),
                                                QStringLiteral("tab\there"),
                                                QStringLiteral("é,\"status\":")}
                                 << QList<QByteArray>{"\"q\\\"{\\\"id\\\":\"",
                                                      "\"back\\\\\"",
                                                      "\"tab\\u0009here\"",
                                                      "\"\xc3\xa9,\\\"status\\\":\""};
        QTest::newRow("no seats") << QStringList{} << QList<QByteArray>{};
    }

    void expand()
    {
        QFETCH(QStringList, ids);
        QFETCH(QList<QByteArray>, quoted);
        const auto layout = SeatmapLayout::expand(QStringLiteral("e"), seatTable(ids), 7);
        QVERIFY(layout);
        QCOMPARE(layout->full, fullMap(quoted, QList<QByteArray>(ids.size(), "available"), 0, 0));
        QCOMPARE(layout->seatFull.size(), size_t(ids.size()));
        QCOMPARE(layout->gaFull.size(), size_t(1));
        // The WebSocket form has the same ids, statuses and GA counts.
        const QJsonObject ws = QJsonDocument::fromJson(layout->ws).object();
        QCOMPARE(ws.value(u"seats").toArray().size(), ids.size());
        for (qsizetype i = 0; i < ids.size(); ++i) {
            QCOMPARE(ws.value(u"seats")[i][u"id"].toString(), ids[i]);
            QCOMPARE(ws.value(u"seats")[i][u"status"].toString(), QStringLiteral("available"));
            QCOMPARE(layout->seatPosition(ids[i].toUtf8(), layout->ws), int(i));
        }
        QCOMPARE(ws.value(u"ga")[0][u"available"].toInt(), 0);
        QCOMPARE(layout->gaIndex.value(QStringLiteral("PISTA"), -1), 0);
        QCOMPARE(layout->seatPosition("no such seat", layout->ws), -1);

        // The plan: the same seats by column, repeated texts once; a letter per seat.
        const QJsonObject plan = QJsonDocument::fromJson(layout->plan).object();
        QCOMPARE(plan.value(u"event_id").toString(), QStringLiteral("e"));
        QCOMPARE(plan.value(u"layout").toInt(), 7);
        QCOMPARE(plan.value(u"seats")[u"id"].toArray().toVariantList(), QVariant(ids).toList());
        QCOMPARE(plan.value(u"sections").toArray().size(), ids.isEmpty() ? 0 : 1);
        QCOMPARE(plan.value(u"sections")[0].toString(), ids.isEmpty() ? QString() : u"{\"id\":"_qs);
        QCOMPARE(plan.value(u"rows")[0].toString(), ids.isEmpty() ? QString() : u"],\"ga\":["_qs);
        // One run of position 0 over every seat.
        const QVariantList oneRun = ids.isEmpty() ? QVariantList() : QVariantList({0, ids.size()});
        for (const char16_t *column : {u"section_runs", u"row_runs", u"category_runs"})
            QCOMPARE(plan.value(u"seats")[column].toArray().toVariantList(), oneRun);
        // Every seat the same number and place: one run of step 0 each.
        const QVariantList still = ids.isEmpty() ? QVariantList()
                                                 : QVariantList({1, 0, ids.size()});
        QCOMPARE(plan.value(u"seats")[u"number_runs"].toArray().toVariantList(), still);
        QCOMPARE(plan.value(u"seats")[u"x_runs"].toArray().toVariantList(),
                 ids.isEmpty() ? QVariantList() : QVariantList({1.5, 0, ids.size()}));
        QCOMPARE(plan.value(u"ga")[0][u"capacity"].toInt(), 9);
        const QJsonObject status = QJsonDocument::fromJson(layout->status).object();
        QCOMPARE(status.value(u"layout").toInt(), 7); // what a reader needs to match the plan
        QCOMPARE(status.value(u"status").toString(), QString(ids.size(), u'a'));
        QCOMPARE(layout->status.mid(layout->statusAt, ids.size()), QByteArray(ids.size(), 'a'));
        QCOMPARE(status.value(u"ga")[0][u"id"].toString(), QStringLiteral("PISTA"));
        QCOMPARE(layout->gaStatus.size(), size_t(1));

        // Filling the slots gives the map of other statuses.
        QByteArray filled = layout->full;
        for (size_t i = 0; i < layout->seatFull.size(); ++i)
            filled.replace(layout->seatFull[i],
                           SeatmapLayout::kStatusWidth,
                           SeatmapLayout::codeSlot('h'));
        filled.replace(layout->versionAt, SeatmapLayout::kNumberWidth, SeatmapLayout::numberSlot(8));
        filled.replace(layout->gaFull[0], SeatmapLayout::kNumberWidth, SeatmapLayout::numberSlot(4));
        QCOMPARE(filled, fullMap(quoted, QList<QByteArray>(ids.size(), "held"), 8, 4));
        const QJsonObject parsed = QJsonDocument::fromJson(filled).object();
        QCOMPARE(parsed.value(u"version").toInteger(), 8);
        for (qsizetype i = 0; i < ids.size(); ++i)
            QCOMPARE(parsed.value(u"seats")[i][u"id"].toString(), ids[i]);
    }

    void planNamesIdsByPatternWhenAllFollowIt()
    {
        SeatmapPlan plan;
        plan.addSeat({"\"A-1-1\"", "\"A\"", "\"1\"", "\"1\"", "0", "0", "\"c\""});
        plan.addSeat({"\"A\\\"B-2-3\"", "\"A\\\"B\"", "\"2\"", "\"3\"", "1", "1", "\"c\""});
        const QJsonObject seats
            = QJsonDocument::fromJson(plan.text("e", 1)).object()[u"seats"].toObject();
        QCOMPARE(seats.value(u"id_pattern").toString(), QStringLiteral("{section}-{row}-{number}"));
        QVERIFY(!seats.contains(u"id"));

        plan.addSeat({"\"VIP 1\"", "\"A\"", "\"1\"", "\"2\"", "2", "2", "null"});
        const QJsonObject listed = QJsonDocument::fromJson(plan.text("e", 1)).object();
        QCOMPARE(listed[u"seats"][u"id"].toArray().toVariantList(),
                 QVariantList({u"A-1-1"_qs, u"A\"B-2-3"_qs, u"VIP 1"_qs}));
        QVERIFY(!listed[u"seats"].toObject().contains(u"id_pattern"));
        QCOMPARE(listed[u"categories"].toArray().size(), 2); // "c" and null, each once
        QCOMPARE(listed[u"seats"][u"category_runs"].toArray().toVariantList(),
                 QVariantList({0, 2, 1, 1}));
        QCOMPARE(listed[u"seats"][u"row_runs"].toArray().toVariantList(),
                 QVariantList({0, 1, 1, 1, 0, 1}));
        // 1, 3 steps by 2; 2 starts another run. x 0, 1, 2 steps by 1.
        QCOMPARE(listed[u"seats"][u"number_runs"].toArray().toVariantList(),
                 QVariantList({1, 2, 2, 2, 0, 1}));
        QCOMPARE(listed[u"seats"][u"x_runs"].toArray().toVariantList(), QVariantList({0, 1, 3}));

        // A number that is not a plain integer: every number stays text; the coordinates still run.
        plan.addSeat({"\"A-1-07\"", "\"A\"", "\"1\"", "\"07\"", "3", "3", "null"});
        const QJsonObject more
            = QJsonDocument::fromJson(plan.text("e", 1)).object()[u"seats"].toObject();
        QCOMPARE(more[u"number"].toArray().toVariantList(),
                 QVariantList({u"1"_qs, u"3"_qs, u"2"_qs, u"07"_qs}));
        QVERIFY(!more.contains(u"number_runs"));
        QCOMPARE(more[u"x_runs"].toArray().toVariantList(), QVariantList({0, 1, 4}));
        QCOMPARE(more[u"y_runs"].toArray().toVariantList(), QVariantList({0, 1, 4}));
    }

    void runsGiveTheSameNumbersBack()
    {
        // Steps that are not exact in binary: the runs must give back the very doubles written.
        SeatmapPlan plan;
        const QList<QByteArray> xs{"0.1",
                                   "0.2",
                                   "0.30000000000000004",
                                   "0.4",
                                   "0.5",
                                   "0.7",
                                   "1e300",
                                   "-2.5",
                                   "-5",
                                   "-7.5",
                                   "12345.678",
                                   "12345.679"};
        for (const QByteArray &x : xs)
            plan.addSeat({"\"S\"",
                          "\"A\"",
                          "\"1\"",
                          "\"1\"",
                          std::string_view(x.constData(), size_t(x.size())),
                          "0",
                          "null"});
        const QJsonArray runs
            = QJsonDocument::fromJson(plan.text("e", 1)).object()[u"seats"][u"x_runs"].toArray();
        QList<double> back;
        for (qsizetype r = 0; r + 2 < runs.size(); r += 3) {
            for (int k = 0; k < runs[r + 2].toInt(); ++k)
                back.append(runs[r].toDouble() + double(k) * runs[r + 1].toDouble());
        }
        QCOMPARE(back.size(), xs.size());
        for (qsizetype i = 0; i < xs.size(); ++i) // == on purpose: QCOMPARE of doubles is fuzzy
            QVERIFY2(back[i] == xs[i].toDouble(), xs[i].constData());
        QVERIFY(runs.size() < xs.size() * 3); // some did run
    }

    void planListsSeatsAlongTheirRowsAndTheLettersFollow()
    {
        // Seat ids in an order that is not the rows' ("R-1-10" sorts before "R-1-2").
        SeatTable table;
        table.addSeat("R-1-10", "R", "1", "10", "500", "10", "c");
        table.addSeat("R-1-2", "R", "1", "2", "100", "10", "c");
        table.addSeat("R-2-1", "R", "2", "1", "50", "20", "c");
        table.addSeat("R-1-1", "R", "1", "1", "50", "10", "c");
        table.addZone(QStringLiteral("PISTA"), QStringLiteral("P"), 9);
        const auto layout = SeatmapLayout::expand(QStringLiteral("e"), table.text(), 0);
        QVERIFY(layout);
        const QJsonObject plan = QJsonDocument::fromJson(layout->plan).object();
        // Row 1 by x (seats 1, 2, 10), then row 2 (seat 1).
        QCOMPARE(plan[u"seats"][u"number_runs"].toArray().toVariantList(),
                 QVariantList({1, 1, 2, 10, -9, 2})); // any two values make a run
        QCOMPARE(layout->planPosition, std::vector<int>({2, 1, 3, 0}));
        QCOMPARE(plan[u"seats"][u"id_pattern"].toString(),
                 QStringLiteral("{section}-{row}-{number}"));
        // A seat's letter sits at its place in the plan.
        QCOMPARE(layout->status.mid(layout->statusAt, 4), QByteArray("aaaa"));
    }

    void rejectsOtherText_data()
    {
        const QByteArray table = seatTable({QStringLiteral("A"), QStringLiteral("B")});
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("json") << QByteArray("{\"a\":1}");
        QTest::newRow("other format") << QByteArray(table).replace("seat-table/1", "seat-table/2");
        QTest::newRow("truncated") << table.chopped(20);
        QTest::newRow("more seats than lines") << QByteArray(table).replace("\t2\t1\n", "\t3\t1\n");
        QTest::newRow("fewer seats than lines")
            << QByteArray(table).replace("\t2\t1\n", "\t1\t1\n");
        QTest::newRow("empty value") << QByteArray(table).replace("\t\"c\"\n", "\t\n");
        QTest::newRow("huge count") << QByteArray(table).replace("\t2\t1\n", "\t99999999999\t1\n");
    }

    void rejectsOtherText()
    {
        QFETCH(QByteArray, text);
        QVERIFY(!SeatmapLayout::expand(QStringLiteral("e"), text));
    }
};

QTEST_GUILESS_MAIN(TestSeatmapLayout)
#include "tst_seatmaplayout.moc"
