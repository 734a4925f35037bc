// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/bestavailable.h"

#include <QTest>

using namespace boxoffice::server::domain;

namespace {

// A row from a pattern: '.' free, 'x' taken; rank grows with distance from `centre`.
QList<SectionSeat> row(int rowIndex, const QString &pattern, double rowRank = 0, int centre = -1)
{
    QList<SectionSeat> out;
    for (int i = 0; i < pattern.size(); ++i) {
        const double rank = rowRank + (centre < 0 ? i : std::abs(i - centre));
        out.append({QStringLiteral("r%1s%2").arg(rowIndex).arg(i + 1),
                    rowIndex,
                    i,
                    rank,
                    pattern[i] == u'.'});
    }
    return out;
}

} // namespace

class TestBestAvailable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void picksClosestAdjacentBlock()
    {
        const auto seats = row(0, QStringLiteral("........"), 0, 4);
        const auto candidates = bestAvailableCandidates(seats, 2);
        QVERIFY(!candidates.isEmpty());
        // Seats 4-5 or 5-6 (centre 4, 0-based) are closest; never the ends.
        QVERIFY(candidates.first().contains(QStringLiteral("r0s5")));
    }

    void avoidsLeavingASingleOrphan()
    {
        // x . . . x : taking 2 would leave one orphan either way... taking the 3-block needs q=3.
        // x . . . . x with q=3: every block leaves one orphan; with q=2 the block at the start
        // or end leaves a pair, the middle leaves orphans on both sides.
        const auto seats = row(0, QStringLiteral("x....x"), 0, 3);
        const auto candidates = bestAvailableCandidates(seats, 2);
        QVERIFY(!candidates.isEmpty());
        const QStringList best = candidates.first();
        QVERIFY2(best == QStringList({QStringLiteral("r0s2"), QStringLiteral("r0s3")})
                     || best == QStringList({QStringLiteral("r0s4"), QStringLiteral("r0s5")}),
                 qPrintable(best.join(u',')));
    }

    void prefersOneRowOverCloserSplitSeats()
    {
        QList<SectionSeat> seats = row(0, QStringLiteral("x.x.x"), 0);
        seats += row(1, QStringLiteral("..."), 100);
        const auto candidates = bestAvailableCandidates(seats, 2);
        QVERIFY(!candidates.isEmpty());
        QVERIFY(candidates.first().first().startsWith(u"r1"));
    }

    void fallsBackToBestSingleSeats()
    {
        const auto seats = row(0, QStringLiteral(".x.x."), 0);
        const auto candidates = bestAvailableCandidates(seats, 2);
        QCOMPARE(candidates.size(), 1);
        QCOMPARE(candidates.first(), QStringList({QStringLiteral("r0s1"), QStringLiteral("r0s3")}));
    }

    void nothingWhenTooFewFree()
    {
        QVERIFY(bestAvailableCandidates(row(0, QStringLiteral("x.x")), 2).isEmpty());
        QVERIFY(bestAvailableCandidates({}, 1).isEmpty());
        QVERIFY(bestAvailableCandidates(row(0, QStringLiteral("...")), 0).isEmpty());
    }

    void gapsInNumberingAreNotAdjacent()
    {
        QList<SectionSeat> seats = row(0, QStringLiteral(".."));
        seats[1].seatIndex = 5; // an aisle between them
        const auto candidates = bestAvailableCandidates(seats, 2);
        QCOMPARE(candidates.size(), 1); // only the split fallback
    }
};

QTEST_GUILESS_MAIN(TestBestAvailable)
#include "tst_bestavailable.moc"
