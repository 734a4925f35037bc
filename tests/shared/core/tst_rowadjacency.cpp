// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/rowadjacency.h>
#include <core/rowlayout.h>

#include <QTest>

using namespace boxoffice::core;

namespace {

Row rowAt(const QList<QPointF> &positions, const QList<SeatFlags> &flags = {})
{
    Row row;
    for (int i = 0; i < positions.size(); ++i) {
        row.seats.append(Seat{QString::number(i),
                              QString::number(i + 1),
                              positions.at(i),
                              "c",
                              i < flags.size() ? flags.at(i) : SeatFlags()});
    }
    return row;
}

} // namespace

class TestRowAdjacency : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void blocks_data()
    {
        QTest::addColumn<Row>("row");
        QTest::addColumn<QList<QList<int>>>("blocks");
        const auto xs = [](std::initializer_list<double> values) {
            QList<QPointF> points;
            for (double x : values)
                points.append(QPointF(x, 0));
            return points;
        };
        QTest::newRow("one block")
            << rowAt(xs({0, 50, 100, 150})) << QList<QList<int>>{{0, 1, 2, 3}};
        QTest::newRow("file order is not row order")
            << rowAt(xs({100, 0, 150, 50})) << QList<QList<int>>{{1, 3, 0, 2}};
        QTest::newRow("gap") << rowAt(xs({0, 50, 100, 250, 300}))
                             << QList<QList<int>>{{0, 1, 2}, {3, 4}};
        QTest::newRow("aisle flags")
            << rowAt(xs({0, 50, 100, 150}), {{}, SeatFlag::Aisle, SeatFlag::Aisle, {}})
            << QList<QList<int>>{{0, 1}, {2, 3}};
        QTest::newRow("one aisle seat does not split")
            << rowAt(xs({0, 50, 100}), {{}, SeatFlag::Aisle, {}}) << QList<QList<int>>{{0, 1, 2}};
        QTest::newRow("single seat") << rowAt(xs({7})) << QList<QList<int>>{{0}};
        QTest::newRow("empty") << Row{} << QList<QList<int>>{};
        QTest::newRow("vertical row, top to bottom")
            << rowAt({QPointF(0, 100), QPointF(0, 0), QPointF(0, 50)})
            << QList<QList<int>>{{1, 2, 0}};
        QTest::newRow("arc with a gap") << [] {
            QList<QPointF> points = rowlayout::arc(QPointF(0, 0), 1000, 120, 5, -50);
            points += rowlayout::arc(QPointF(0, 0), 1000, 120 - 500 / 1000.0 * 57.29578, 5, -50);
            return rowAt(points);
        }() << QList<QList<int>>{{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}};
    }
    void blocks()
    {
        QFETCH(Row, row);
        QFETCH(QList<QList<int>>, blocks);
        const RowAdjacency adjacency(row);
        QCOMPARE(adjacency.blocks(), blocks);
        // Neighbours agree with the blocks.
        for (const QList<int> &block : blocks) {
            QCOMPARE(adjacency.leftOf(block.first()), -1);
            QCOMPARE(adjacency.rightOf(block.last()), -1);
            for (int i = 1; i < block.size(); ++i) {
                QCOMPARE(adjacency.rightOf(block.at(i - 1)), block.at(i));
                QCOMPARE(adjacency.leftOf(block.at(i)), block.at(i - 1));
                QVERIFY(adjacency.adjacent(block.at(i), block.at(i - 1)));
            }
        }
        QCOMPARE(adjacency.leftOf(-1), -1);
        QCOMPARE(adjacency.rightOf(int(row.seats.size())), -1);
    }
};

QTEST_GUILESS_MAIN(TestRowAdjacency)
#include "tst_rowadjacency.moc"
