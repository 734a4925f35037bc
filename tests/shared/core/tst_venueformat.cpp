// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/venuegenerator.h>
#include <core/venuereader.h>
#include <core/venuevalidator.h>
#include <core/venuewriter.h>

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace boxoffice::core;

namespace {

QByteArray studioJson()
{
    QFile file(QStringLiteral(BOXOFFICE_TEST_DATA_DIR "/venues/studio.venue.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open studio.venue.json");
    return file.readAll();
}

bool hasIssue(const QList<VenueIssue> &issues,
              VenueIssue::Severity severity,
              const QString &path,
              const QString &fragment)
{
    for (const VenueIssue &issue : issues) {
        if (issue.severity == severity && issue.path == path && issue.message.contains(fragment))
            return true;
    }
    return false;
}

} // namespace

class TestVenueFormat : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The example of docs/venue-format.md is in the canonical form the writer produces.
    void studioReadsAndIsCanonical()
    {
        const QByteArray json = studioJson();
        const VenueReadResult result = VenueReader::read(json);
        QVERIFY2(result.issues.isEmpty(), qPrintable(formatIssues(result.issues)));
        const Venue &venue = result.venue;
        QCOMPARE(venue.name, QStringLiteral("Studio Bühne"));
        QCOMPARE(venue.seatCount(), 4);
        QCOMPARE(venue.size, QSizeF(1200, 900));
        QCOMPARE(venue.focalPoint, QPointF(600, 100));
        const Seat &a2 = venue.seat(*venue.findSeat(u"A-2"));
        QCOMPARE(a2.flags, SeatFlags(SeatFlag::Companion | SeatFlag::Aisle));
        QCOMPARE(venue.seat(*venue.findSeat(u"A-3")).position, QPointF(275.5, 250));
        QCOMPARE(venue.gaAreas.first().capacity, 300);
        QCOMPARE(venue.shapes.size(), 5);
        QCOMPARE(venue.shapes.at(1).text, QStringLiteral("Exit \"Süd\""));
        QCOMPARE(venue.shapes.at(1).rotation, -90.0);
        QCOMPARE(venue.shapes.at(2).fill.alpha(), 0x80);
        QCOMPARE(VenueWriter::write(venue), json);
    }

    void roundTrip_data()
    {
        QTest::addColumn<Venue>("venue");
        QTest::newRow("small theatre") << VenueGenerator::smallTheatre();
        QTest::newRow("arena") << VenueGenerator::arena();
        QTest::newRow("empty") << Venue{};
        Venue odd;
        odd.name = QStringLiteral("Tab\there, quote \" backslash \\ newline\n \x01 ☃ 𝄞");
        odd.size = QSizeF(0.1 + 0.2, 1e5 / 3);
        odd.focalPoint = QPointF(-0.0, -123.456789012345);
        odd.categories = {{"c", "C", QColor(1, 2, 3, 4)}};
        odd.sections = {Section{"s",
                                "S",
                                {},
                                {Row{"r",
                                     "R",
                                     {Seat{"x",
                                           "1",
                                           QPointF(1.0 / 3, 2.0 / 3),
                                           "c",
                                           SeatFlag::Aisle | SeatFlag::Wheelchair}}}}}};
        QTest::newRow("odd values") << odd;
    }
    void roundTrip()
    {
        QFETCH(Venue, venue);
        const QByteArray first = VenueWriter::write(venue);
        const VenueReadResult read = VenueReader::read(first);
        if (!venue.categories.isEmpty() || !venue.sections.isEmpty())
            QVERIFY2(read.ok(), qPrintable(formatIssues(read.issues)));
        QCOMPARE(read.venue, venue);
        // Exact, not fuzzy: every coordinate reads back bit for bit.
        venue.forEachSeat([&](const Section &, const Row &, const Seat &seat, SeatRef ref) {
            QVERIFY(read.venue.seat(ref).position.x() == seat.position.x());
            QVERIFY(read.venue.seat(ref).position.y() == seat.position.y());
        });
        QCOMPARE(VenueWriter::write(read.venue), first);
    }

    void writerIsDeterministicForNonFiniteValues()
    {
        Venue venue;
        venue.focalPoint = QPointF(std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<double>::infinity());
        QVERIFY(VenueWriter::write(venue).contains("\"focal_point\": {\"x\": 0, \"y\": 0}"));
        // ...but the validator refuses such a venue before anyone writes it.
        QVERIFY(!VenueValidator::validate(venue).isEmpty());
    }

    void issues_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        const auto add = [](const char *name,
                            const char *from,
                            const char *to,
                            bool isError,
                            const char *path,
                            const char *fragment) {
            QTest::newRow(name) << QByteArray(from) << QByteArray(to) << isError
                                << QString::fromUtf8(path) << QString::fromUtf8(fragment);
        };
        add("duplicate seat id",
            "\"id\": \"A-2\"",
            "\"id\": \"A-1\"",
            true,
            "$.sections[0].rows[0].seats[1].id",
            "duplicate seat id \"A-1\" (first used at "
            "$.sections[0].rows[0].seats[0])");
        add("unknown category",
            "\"x\": 275.5, \"y\": 250, \"category\": \"std\"",
            "\"x\": 275.5, \"y\": 250, \"category\": \"gold\"",
            true,
            "$.sections[0].rows[0].seats[2].category",
            "unknown category \"gold\"");
        add("missing field",
            "\"number\": \"1\", \"x\": 150, \"y\": 330.25, ",
            "",
            true,
            "$.sections[0].rows[1].seats[0].number",
            "missing required field");
        add("missing y",
            "\"x\": 150, \"y\": 330.25, ",
            "\"x\": 150, ",
            true,
            "$.sections[0].rows[1].seats[0].y",
            "missing required field");
        add("wrong type",
            "\"capacity\": 300",
            "\"capacity\": \"300\"",
            true,
            "$.ga_areas[0].capacity",
            "expected an integer, found string");
        add("negative capacity",
            "\"capacity\": 300",
            "\"capacity\": -5",
            true,
            "$.ga_areas[0].capacity",
            "must not be negative");
        add("fractional capacity",
            "\"capacity\": 300",
            "\"capacity\": 300.5",
            true,
            "$.ga_areas[0].capacity",
            "expected an integer");
        add("huge coordinate",
            "\"x\": 275.5",
            "\"x\": 1e300",
            true,
            "$.sections[0].rows[0].seats[2].x",
            "out of range");
        add("coordinate just over the limit",
            "\"x\": 275.5",
            "\"x\": -1000000.5",
            true,
            "$.sections[0].rows[0].seats[2].x",
            "out of range");
        add("NaN is not JSON", "\"x\": 275.5", "\"x\": NaN", true, "$", "invalid JSON");
        add("wrong format",
            "\"boxoffice-venue\"",
            "\"pretix\"",
            true,
            "$.format",
            "expected \"boxoffice-venue\"");
        add("newer version",
            "\"version\": 1",
            "\"version\": 2",
            true,
            "$.version",
            "unsupported version 2");
        add("missing version", "\"version\": 1,", "", true, "$.version", "missing required field");
        add("missing categories",
            "\"categories\": [",
            "\"kategorien\": [",
            true,
            "$.categories",
            "missing required field");
        add("wrong type name",
            "\"name\": \"Stalls\"",
            "\"name\": 5",
            true,
            "$.sections[0].name",
            "expected a string, found number");
        add("duplicate row id",
            "\"id\": \"B\",",
            "\"id\": \"A\",",
            true,
            "$.sections[0].rows[1].id",
            "duplicate row id \"A\"");
        add("unknown shape kind",
            "\"kind\": \"ellipse\"",
            "\"kind\": \"circle\"",
            true,
            "$.shapes[4].kind",
            "unknown shape kind \"circle\"");
        add("bad colour", "\"#2e86c1\"", "\"blue\"", true, "$.categories[0].color", "not a colour");
        add("bad colour digits",
            "\"#2e86c1\"",
            "\"#2e86cg\"",
            true,
            "$.categories[0].color",
            "not a colour");
        add("two-point polygon",
            "[[0, 0], [50, 0], [25, 40]]",
            "[[0, 0], [50, 0]]",
            true,
            "$.shapes[2].points",
            "at least 3 points");
        add("bad point",
            "[25, 40]",
            "[25, \"40\"]",
            true,
            "$.shapes[2].points[2]",
            "expected a point");
        add("GA id is a seat id",
            "\"id\": \"floor\"",
            "\"id\": \"A-3\"",
            true,
            "$.ga_areas[0].id",
            "also a seat id");
        add("empty seat id",
            "\"id\": \"A-3\"",
            "\"id\": \"\"",
            true,
            "$.sections[0].rows[0].seats[2].id",
            "must not be empty");
        add("duplicate category",
            "{\"id\": \"vip\", \"name\": \"VIP\"",
            "{\"id\": \"std\", \"name\": \"VIP\"",
            true,
            "$.categories[1].id",
            "duplicate category id");
        add("seat is not an object",
            "{\"id\": \"B-1\", \"number\": \"1\", \"x\": 150, \"y\": 330.25, \"category\": "
            "\"std\", "
            "\"flags\": [\"restricted_view\"]}",
            "42",
            true,
            "$.sections[0].rows[1].seats[0]",
            "expected an object, found number");
        add("focal point is an array",
            "\"focal_point\": {\"x\": 600, \"y\": 100}",
            "\"focal_point\": [600, 100]",
            true,
            "$.focal_point",
            "expected an object, found array");
        add("negative width",
            "\"width\": 1200",
            "\"width\": -1",
            true,
            "$.size.width",
            "out of range");
        add("flag is not a string",
            "[\"wheelchair\"]",
            "[true]",
            true,
            "$.sections[0].rows[0].seats[0].flags[0]",
            "expected a string, found boolean");
        add("non-UTF-8", "B\xc3\xbchne", "B\xfchne", true, "$", "not valid UTF-8 (byte offset 86)");
        add("overlong UTF-8", "B\xc3\xbchne", "B\xc0\xafhne", true, "$", "not valid UTF-8");
        add("UTF-16 surrogate in UTF-8",
            "B\xc3\xbchne",
            "B\xed\xa0\x80hne",
            true,
            "$",
            "not valid UTF-8");
        add("unknown flag (warning)",
            "[\"wheelchair\"]",
            "[\"wheelchair\", \"vip\"]",
            false,
            "$.sections[0].rows[0].seats[0].flags[1]",
            "unknown seat flag \"vip\" ignored");
        add("seat outside the plan (warning)",
            "\"x\": 275.5",
            "\"x\": 1275.5",
            false,
            "$.sections[0]",
            "1 seats lie outside the plan (size 1200 x 900)");
        add("unknown field (warning)",
            "\"label\": \"B\",",
            "\"label\": \"B\", \"colour\": \"red\",",
            false,
            "$.sections[0].rows[1].colour",
            "unknown field ignored");
    }
    void issues()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(bool, isError);
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        const QByteArray base = studioJson();
        QCOMPARE(base.count(from), 1);
        const QByteArray broken = QByteArray(base).replace(from, to);
        const VenueReadResult result = VenueReader::read(broken);
        QVERIFY2(hasIssue(result.issues,
                          isError ? VenueIssue::Severity::Error : VenueIssue::Severity::Warning,
                          path,
                          fragment),
                 qPrintable(formatIssues(result.issues)));
        QCOMPARE(result.ok(), !isError);
    }

    // Every problem is reported, not just the first.
    void reportsAllProblems()
    {
        QByteArray json = studioJson();
        json.replace("\"id\": \"A-2\"", "\"id\": \"A-1\"");
        json.replace("\"capacity\": 300", "\"capacity\": -1");
        json.replace("\"kind\": \"ellipse\"", "\"kind\": \"blob\"");
        json.replace("\"x\": 275.5", "\"x\": true");
        const VenueReadResult result = VenueReader::read(json);
        QCOMPARE(result.errors().size(), 4);
        QVERIFY(result.warnings().isEmpty());
    }

    // A broken element is reported once, not again for each of its consequences.
    void consequencesAreNotRepeated()
    {
        QByteArray json = studioJson();
        json.replace("{\"id\": \"B-1\", \"number\": \"1\", \"x\": 150, \"y\": 330.25, "
                     "\"category\": \"std\", \"flags\": [\"restricted_view\"]}",
                     "{\"number\": \"1\", \"x\": 150, \"y\": 330.25, \"flags\": []}");
        json.replace("{\"id\": \"floor\"", "7, {\"id\": \"floor\"");
        const VenueReadResult result = VenueReader::read(json);
        const QList<VenueIssue> errors = result.errors();
        QCOMPARE(errors.size(), 3);
        QVERIFY(hasIssue(errors,
                         VenueIssue::Severity::Error,
                         "$.sections[0].rows[1].seats[0].id",
                         "missing required field"));
        QVERIFY(hasIssue(errors,
                         VenueIssue::Severity::Error,
                         "$.sections[0].rows[1].seats[0].category",
                         "missing required field"));
        QVERIFY(hasIssue(errors,
                         VenueIssue::Severity::Error,
                         "$.ga_areas[0]",
                         "expected an object, found number"));
    }

    void topLevel_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("empty") << QByteArray() << "invalid JSON";
        QTest::newRow("array") << QByteArray("[]") << "expected a JSON object";
        QTest::newRow("number") << QByteArray("42") << "invalid JSON";
        QTest::newRow("empty object") << QByteArray("{}") << "missing required field";
        QTest::newRow("infinity") << QByteArray(
            "{\"format\": \"boxoffice-venue\", \"version\": 1e999}")
                                  << "";
        QTest::newRow("deep nesting") << QByteArray(100'000, '[') << "invalid JSON";
        QTest::newRow("byte order mark")
            << QByteArray("\xEF\xBB\xBF{}") << "missing required field";
    }
    void topLevel()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, fragment);
        const VenueReadResult result = VenueReader::read(json);
        QVERIFY(!result.ok());
        QVERIFY(!result.issues.isEmpty());
        QVERIFY2(result.issues.first().message.contains(fragment),
                 qPrintable(formatIssues(result.issues)));
    }

    void sizeLimit()
    {
        const QByteArray tooBig(VenueReader::kMaxInputBytes + 1, ' ');
        const VenueReadResult result = VenueReader::read(tooBig);
        QCOMPARE(result.issues.size(), 1);
        QCOMPARE(result.issues.first().path, QStringLiteral("$"));
        QVERIFY(result.issues.first().message.contains(u"limit"));

        // readFile refuses by size without reading: a sparse file costs no time or memory.
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("huge.venue.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(VenueReader::kMaxInputBytes + 1024));
        file.close();
        const VenueReadResult fromFile = VenueReader::readFile(file.fileName());
        QCOMPARE(fromFile.issues.size(), 1);
        QVERIFY(fromFile.issues.first().message.contains(u"limit"));

        const VenueReadResult missing = VenueReader::readFile(dir.filePath(QStringLiteral("nope")));
        QVERIFY(!missing.ok());
        QVERIFY(missing.issues.first().message.contains(u"cannot open"));
    }

    void issueListIsCapped()
    {
        // 20,000 seats with an unknown category: the list stays short and says what it left out.
        Venue venue = VenueGenerator::large(20'000);
        venue.categories.clear();
        const QList<VenueIssue> issues = VenueValidator::validate(venue);
        QCOMPARE(issues.size(), IssueList::kMaxIssues + 1);
        QVERIFY(issues.last().message.contains(u"more problems"));
    }

    void writeFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.venue.json"));
        const Venue venue = VenueGenerator::arena();
        QString error;
        QVERIFY2(VenueWriter::writeFile(venue, path, &error), qPrintable(error));
        QCOMPARE(VenueReader::readFile(path).venue, venue);
        QVERIFY(
            !VenueWriter::writeFile(venue, dir.filePath(QStringLiteral("no/such/dir/x")), &error));
        QVERIFY(!error.isEmpty());
    }

    void sixtyThousandSeats()
    {
        const Venue venue = VenueGenerator::large(60'000);
        QElapsedTimer timer;
        timer.start();
        const QByteArray json = VenueWriter::write(venue);
        const qint64 writeMs = timer.restart();
        const VenueReadResult result = VenueReader::read(json);
        const qint64 readMs = timer.elapsed();
        qInfo("60,000 seats: write %lld ms, read %lld ms, %lld bytes",
              writeMs,
              readMs,
              qint64(json.size()));
        QVERIFY2(result.issues.isEmpty(), qPrintable(formatIssues(result.issues)));
        QCOMPARE(result.venue.seatCount(), 60'000);
        QCOMPARE(result.venue, venue);
    }
};

QTEST_GUILESS_MAIN(TestVenueFormat)
#include "tst_venueformat.moc"
