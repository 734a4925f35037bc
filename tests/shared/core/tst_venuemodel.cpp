// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/venuegenerator.h>

#include <QElapsedTimer>
#include <QTest>

using namespace boxoffice::core;

class TestVenueModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void counts()
    {
        const Venue venue = VenueGenerator::smallTheatre();
        qsizetype visited = 0;
        venue.forEachSeat(
            [&](const Section &section, const Row &row, const Seat &seat, SeatRef ref) {
                ++visited;
                // The context handed to the visitor is the one the ref points at.
                QCOMPARE(&venue.sections.at(ref.section), &section);
                QCOMPARE(&section.rows.at(ref.row), &row);
                QCOMPARE(venue.seat(ref).id, seat.id);
            });
        QCOMPARE(visited, venue.seatCount());
        qsizetype manual = 0;
        for (const Section &section : venue.sections) {
            for (const Row &row : section.rows)
                manual += row.seats.size();
        }
        QCOMPARE(venue.seatCount(), manual);
        QCOMPARE(VenueGenerator::arena().gaCapacity(), 2000);
    }

    void findSeatUsesIndexAndSurvivesEdits()
    {
        Venue venue = VenueGenerator::smallTheatre();
        const SeatRef ref{1, 2, 5};
        const QString id = venue.seat(ref).id;
        QCOMPARE(venue.findSeat(id), ref);
        QVERIFY(!venue.findSeat(u"no-such-seat"));

        // Removing a seat makes the index stale; lookups must still be right before a rebuild.
        venue.sections[1].rows[2].seats.removeAt(0);
        const SeatRef moved{1, 2, 4};
        QCOMPARE(venue.findSeat(id), moved);
        venue.rebuildSeatIndex();
        QCOMPARE(venue.findSeat(id), moved);
        QVERIFY(!venue.isValid(SeatRef{9, 0, 0}));
        const QSet<SeatRef> selection{ref, moved, ref};
        QCOMPARE(selection.size(), 2);
        QVERIFY(!venue.isValid(SeatRef{0, 0, -1}));
    }

    void findHelpers()
    {
        const Venue venue = VenueGenerator::arena();
        QVERIFY(venue.findCategory(u"tier-1"));
        QVERIFY(!venue.findCategory(u"nope"));
        QCOMPARE(venue.findSection(u"south"), 2);
        QCOMPARE(venue.findSection(u"north"), -1);
        QVERIFY(venue.findGaArea(u"floor"));
    }

    void equalityIgnoresIndex()
    {
        Venue a = VenueGenerator::smallTheatre();
        Venue b = a;
        b.rebuildSeatIndex();
        QCOMPARE(a, b);
        b.sections[0].rows[0].seats[0].flags |= SeatFlag::RestrictedView;
        QVERIFY(!(a == b));
    }

    // The editor moves many seats and undoes by swapping copies: both must be fast at 60k seats.
    void moveTenThousandSeatsAndUndo()
    {
        Venue venue = VenueGenerator::large(60'000);
        QCOMPARE(venue.seatCount(), 60'000);
        QElapsedTimer timer;
        timer.start();
        const Venue before = venue; // the undo snapshot (implicitly shared until written)
        int moved = 0;
        for (Section &section : venue.sections) {
            for (Row &row : section.rows) {
                for (Seat &seat : row.seats) {
                    if (moved == 10'000)
                        break;
                    seat.position += QPointF(10, 5);
                    ++moved;
                }
            }
        }
        venue = before; // undo
        const qint64 elapsed = timer.elapsed();
        qInfo("moving 10,000 of 60,000 seats and undoing took %lld ms", elapsed);
        QCOMPARE(moved, 10'000);
        QCOMPARE(venue, before);
        venue.rebuildSeatIndex();
        QElapsedTimer lookups;
        lookups.start();
        for (int i = 0; i < 1000; ++i)
            QVERIFY(venue.findSeat(venue.sections.at(i % 30).rows.at(i % 50).seats.at(i % 40).id));
        qInfo("1,000 indexed seat lookups took %lld ms", lookups.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestVenueModel)
#include "tst_venuemodel.moc"
