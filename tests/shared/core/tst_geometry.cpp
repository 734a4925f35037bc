// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/geometry.h>
#include <core/rowlayout.h>
#include <core/venuegenerator.h>

#include <QLineF>
#include <QTest>

using namespace boxoffice::core;

namespace {

bool near(QPointF a, QPointF b, double tolerance = 1e-6)
{
    return QLineF(a, b).length() <= tolerance;
}

/// Largest distance of any point from the line through the first and last point.
double sagittaOf(const QList<QPointF> &points)
{
    const QLineF chord(points.first(), points.last());
    const QPointF unit = QPointF(chord.dx(), chord.dy()) / chord.length();
    double best = 0;
    for (const QPointF &p : points) {
        const QPointF d = p - points.first();
        best = std::max(best, std::abs(d.x() * unit.y() - d.y() * unit.x()));
    }
    return best;
}

} // namespace

class TestGeometry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void straightRow_data()
    {
        QTest::addColumn<double>("angle");
        QTest::addColumn<QPointF>("expectedLast");
        QTest::newRow("east") << 0.0 << QPointF(100 + 4 * 50, 200);
        QTest::newRow("south (clockwise on screen)") << 90.0 << QPointF(100, 200 + 4 * 50);
        QTest::newRow("west") << 180.0 << QPointF(100 - 4 * 50, 200);
        QTest::newRow("diagonal") << 45.0
                                  << QPointF(100 + 200 / std::sqrt(2.0), 200 + 200 / std::sqrt(2.0));
    }
    void straightRow()
    {
        QFETCH(double, angle);
        QFETCH(QPointF, expectedLast);
        const QList<QPointF> points = rowlayout::straight(QPointF(100, 200), angle, 5, 50);
        QCOMPARE(points.size(), 5);
        QVERIFY(near(points.first(), QPointF(100, 200)));
        QVERIFY2(near(points.last(), expectedLast),
                 qPrintable(QStringLiteral("%1,%2").arg(points.last().x()).arg(points.last().y())));
        for (int i = 1; i < points.size(); ++i)
            QVERIFY(qAbs(QLineF(points.at(i - 1), points.at(i)).length() - 50) < 1e-9);
        QVERIFY(rowlayout::straight(QPointF(), 0, 0, 50).isEmpty());
    }

    void arcRow()
    {
        const QPointF centre(500, 500);
        const QList<QPointF> points = rowlayout::arc(centre, 1000, 90, 7, 50);
        QCOMPARE(points.size(), 7);
        QVERIFY(near(points.first(), QPointF(500, 1500))); // 90 degrees = straight down
        for (int i = 0; i < points.size(); ++i) {
            QVERIFY(qAbs(QLineF(centre, points.at(i)).length() - 1000) < 1e-6);
            if (i > 0) // spacing is along the arc: the chord is a little shorter
                QVERIFY(qAbs(QLineF(points.at(i - 1), points.at(i)).length() - 50) < 0.01);
        }
        // Positive spacing walks clockwise on screen: from straight down towards the left.
        QVERIFY(points.at(1).x() < points.at(0).x());
        QVERIFY(rowlayout::arc(centre, 0, 0, 5, 50).isEmpty());
    }

    void curvedRow_data()
    {
        QTest::addColumn<double>("angle");
        QTest::addColumn<int>("count");
        QTest::addColumn<double>("sagitta");
        QTest::newRow("gentle") << 0.0 << 21 << 50.0;
        QTest::newRow("strong") << 0.0 << 21 << 300.0;
        QTest::newRow("negative") << 0.0 << 21 << -80.0;
        QTest::newRow("even count") << 0.0 << 20 << 50.0;
        QTest::newRow("rotated") << 30.0 << 11 << 40.0;
        QTest::newRow("three seats") << 0.0 << 3 << 5.0;
    }
    void curvedRow()
    {
        QFETCH(double, angle);
        QFETCH(int, count);
        QFETCH(double, sagitta);
        const QPointF start(1000, 1000);
        const QList<QPointF> points = rowlayout::curved(start, angle, count, 50, sagitta);
        QCOMPARE(points.size(), count);
        QVERIFY(near(points.first(), start));
        for (int i = 1; i < count; ++i)
            QVERIFY(qAbs(QLineF(points.at(i - 1), points.at(i)).length() - 50) < 1e-6);
        // The arc's middle bulges by the sagitta; with an even count no seat sits exactly there.
        const double measured = sagittaOf(points);
        if (count % 2 == 1)
            QVERIFY2(qAbs(measured - qAbs(sagitta)) < 1e-3, qPrintable(QString::number(measured)));
        else
            QVERIFY2(measured < qAbs(sagitta) && measured > 0.98 * qAbs(sagitta),
                     qPrintable(QString::number(measured)));
        // The chord from the first to the last seat points along the heading.
        const QLineF chord(points.first(), points.last());
        QVERIFY(qAbs(std::remainder(-chord.angle() - angle, 360.0)) < 1e-6);
        // A positive sagitta bulges to the right of the heading (clockwise side on screen).
        const QPointF middle = points.at(count / 2) - start;
        const double cross = chord.dx() * middle.y() - chord.dy() * middle.x();
        QVERIFY(sagitta > 0 ? cross > 0 : cross < 0);
    }

    void curvedRowEdgeCases()
    {
        const QList<QPointF> flat = rowlayout::curved(QPointF(), 0, 10, 50, 0);
        QCOMPARE(flat, rowlayout::straight(QPointF(), 0, 10, 50));
        // An impossible sagitta is clamped to a semicircle, never NaN.
        const QList<QPointF> clamped = rowlayout::curved(QPointF(), 0, 10, 50, 1e6);
        QCOMPARE(clamped.size(), 10);
        for (const QPointF &p : clamped)
            QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()));
        QVERIFY(rowlayout::curved(QPointF(), 0, 0, 50, 10).isEmpty());
    }

    void boundingRects()
    {
        Row row;
        row.seats = {Seat{"a", "1", QPointF(10, 20), "c", {}},
                     Seat{"b", "2", QPointF(40, 20), "c", {}}};
        QCOMPARE(geometry::boundingRect(row), QRectF(10, 20, 30, 0));
        Section section{"s",
                        "S",
                        QPolygonF({QPointF(0, 0), QPointF(100, 0), QPointF(0, 50)}),
                        {row}};
        QCOMPARE(geometry::boundingRect(section), QRectF(0, 0, 100, 50));

        Shape shape;
        shape.kind = Shape::Kind::Rectangle;
        shape.rect = QRectF(0, 0, 100, 20);
        QCOMPARE(geometry::boundingRect(shape), QRectF(0, 0, 100, 20));
        shape.rotation = 90; // around the centre (50, 10)
        const QRectF rotated = geometry::boundingRect(shape);
        QVERIFY(qAbs(rotated.left() - 40) < 1e-9 && qAbs(rotated.top() + 40) < 1e-9);
        QVERIFY(qAbs(rotated.width() - 20) < 1e-9 && qAbs(rotated.height() - 100) < 1e-9);

        Venue venue;
        venue.focalPoint = QPointF(500, -10);
        venue.sections = {section};
        venue.shapes = {shape};
        const QRectF all = geometry::boundingRect(venue);
        QCOMPARE(all.left(), 0.0);
        QCOMPARE(all.top(), -40.0);
        QCOMPARE(all.right(), 500.0);
        QCOMPARE(all.bottom(), 60.0);
    }

    void hitTests()
    {
        const Venue venue = VenueGenerator::smallTheatre();
        const SeatRef ref{0, 3, 7};
        const QPointF centre = venue.seat(ref).position;
        QCOMPARE(geometry::seatAt(venue, centre + QPointF(3, -4), 10), ref);
        QVERIFY(!geometry::seatAt(venue, centre + QPointF(0, 40), 10)); // between rows
        QCOMPARE(geometry::seatsIn(venue, QRectF(centre - QPointF(1, 1), QSizeF(2, 2))),
                 QList<SeatRef>{ref});
        QCOMPARE(geometry::sectionAt(venue, centre), 0);
        QCOMPARE(geometry::sectionAt(venue, venue.sections.at(1).rows.at(2).seats.at(4).position),
                 1);
        QCOMPARE(geometry::sectionAt(venue, venue.focalPoint), -1);

        const Venue arena = VenueGenerator::arena();
        QCOMPARE(geometry::gaAreaAt(arena, QPointF(3000, 2000)), 0);
        QCOMPARE(geometry::gaAreaAt(arena, QPointF(100, 100)), -1);
        QVERIFY(!geometry::contains(QPolygonF({QPointF(), QPointF(1, 1)}), QPointF(0.5, 0.5)));
    }

    void distanceToFocalPoint()
    {
        Venue venue;
        venue.focalPoint = QPointF(100, 100);
        QCOMPARE(geometry::distanceToFocalPoint(venue, Seat{"a", "1", QPointF(130, 140), "c", {}}),
                 50.0);
    }
};

QTEST_GUILESS_MAIN(TestGeometry)
#include "tst_geometry.moc"
