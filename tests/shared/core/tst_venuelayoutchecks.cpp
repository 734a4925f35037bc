// SPDX-License-Identifier: GPL-3.0-or-later
// Layout checks behind the editor's validation panel, and the stadium generator.
#include <core/stadiumgenerator.h>
#include <core/venuegenerator.h>
#include <core/venuevalidator.h>
#include <core/venuewriter.h>

#include <QTest>

using namespace boxoffice::core;

namespace {

bool has(const QList<VenueIssue> &issues,
         VenueIssue::Severity severity,
         const QString &path,
         const QString &fragment)
{
    return std::any_of(issues.cbegin(), issues.cend(), [&](const VenueIssue &issue) {
        return issue.severity == severity && issue.path == path && issue.message.contains(fragment);
    });
}

} // namespace

class TestVenueLayoutChecks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void samplesAreClean()
    {
        for (const Venue &venue :
             {VenueGenerator::smallTheatre(), VenueGenerator::arena(), VenueGenerator::large(5000)})
            QVERIFY2(VenueValidator::validate(venue).isEmpty(),
                     qPrintable(formatIssues(VenueValidator::validate(venue))));
    }

    void problems()
    {
        Venue venue = VenueGenerator::smallTheatre();
        Section &stalls = venue.sections[0];
        stalls.rows[0].seats[1].position = stalls.rows[0].seats[0].position + QPointF(2, 2);
        stalls.rows[1].seats[0].position = QPointF(-5000, -5000);
        stalls.rows[2].seats[0].categoryId.clear();
        venue.gaAreas.append({QStringLiteral("pit"),
                              QStringLiteral("Pit"),
                              QPolygonF(QRectF(0, 0, 10, 10)),
                              0,
                              venue.categories.first().id});
        const QList<VenueIssue> issues = VenueValidator::validate(venue);
        QVERIFY(has(issues,
                    VenueIssue::Severity::Error,
                    QStringLiteral("$.sections[0].rows[0].seats[1].x"),
                    QStringLiteral("overlaps")));
        QVERIFY(has(issues,
                    VenueIssue::Severity::Error,
                    QStringLiteral("$.sections[0].rows[2].seats[0].category"),
                    QString()));
        QVERIFY(has(issues,
                    VenueIssue::Severity::Error,
                    QStringLiteral("$.ga_areas[0].capacity"),
                    QStringLiteral("no capacity")));
        // Outside the outline is a warning, reported once errors are fixed.
        venue.sections[0].rows[0].seats[1].position += QPointF(100, 0);
        venue.sections[0].rows[2].seats[0].categoryId = venue.categories.first().id;
        venue.gaAreas.last().capacity = 10;
        venue.sections[0].rows[0].seats[1].position = venue.sections[0].rows[0].seats[0].position
                                                      + QPointF(0, 30);
        const QList<VenueIssue> warnings = VenueValidator::validate(venue);
        QVERIFY2(has(warnings,
                     VenueIssue::Severity::Warning,
                     QStringLiteral("$.sections[0].rows[1].seats[0]"),
                     QStringLiteral("outside")),
                 qPrintable(formatIssues(warnings)));
    }

    void stadium_data()
    {
        QTest::addColumn<int>("seats");
        QTest::newRow("none") << 0;
        QTest::newRow("one") << 1;
        QTest::newRow("one ring and a bit") << 700;
        QTest::newRow("60,000") << 60000;
    }

    void stadium()
    {
        QFETCH(int, seats);
        const Venue venue = StadiumGenerator::generate(seats);
        QCOMPARE(venue.seatCount(), qsizetype(seats));
        QVERIFY2(VenueValidator::validate(venue).isEmpty(),
                 qPrintable(formatIssues(VenueValidator::validate(venue))));
        QCOMPARE(VenueWriter::write(StadiumGenerator::generate(seats)), VenueWriter::write(venue));
        if (seats == 60000) {
            // A bowl: sections all around the focal point, rows curved around it.
            QCOMPARE(venue.sections.size(), qsizetype(StadiumGenerator::kWedges * 3));
            const QPointF c = venue.focalPoint;
            for (const Section &section : venue.sections) {
                const Row &row = section.rows.first();
                const double r0 = QLineF(c, row.seats.first().position).length();
                const double r1 = QLineF(c, row.seats.last().position).length();
                QVERIFY(qAbs(r0 - r1) < 1);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestVenueLayoutChecks)
#include "tst_venuelayoutchecks.moc"
