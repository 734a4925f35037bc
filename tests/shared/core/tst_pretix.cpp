// SPDX-License-Identifier: GPL-3.0-or-later
#include <core/pretixexporter.h>
#include <core/pretiximporter.h>
#include <core/venuegenerator.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

using namespace boxoffice::core;

namespace {

QByteArray sample()
{
    QFile file(QStringLiteral(BOXOFFICE_TEST_DATA_DIR "/pretix/kleiner-saal.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open kleiner-saal.json");
    return file.readAll();
}

using Edit = std::function<void(QJsonObject &)>;

/// Applies `edit` to the object at root[key][index] (copy-on-write JSON needs writing back).
void editIn(QJsonObject &parent, const QString &key, int index, const Edit &edit)
{
    QJsonArray array = parent.value(key).toArray();
    QJsonObject child = array.at(index).toObject();
    edit(child);
    array.replace(index, child);
    parent.insert(key, array);
}

Edit onSeat(int zone, int row, int seat, const Edit &edit)
{
    return [=](QJsonObject &root) {
        editIn(root, "zones", zone, [=](QJsonObject &z) {
            editIn(z, "rows", row, [=](QJsonObject &r) { editIn(r, "seats", seat, edit); });
        });
    };
}

Edit onRow(int zone, int row, const Edit &edit)
{
    return [=](QJsonObject &root) {
        editIn(root, "zones", zone, [=](QJsonObject &z) { editIn(z, "rows", row, edit); });
    };
}

Edit onZone(int zone, const Edit &edit)
{
    return [=](QJsonObject &root) { editIn(root, "zones", zone, edit); };
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

struct SchemaCase
{
    const char *name;
    Edit edit;
    bool isError;
    const char *path;
    const char *fragment;
};

} // namespace

class TestPretix : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void importSample()
    {
        const VenueReadResult result = PretixImporter::read(sample());
        QVERIFY2(result.issues.isEmpty(), qPrintable(formatIssues(result.issues)));
        const Venue &venue = result.venue;
        QCOMPARE(venue.name, QStringLiteral("Kleiner Saal"));
        QCOMPARE(venue.size, QSizeF(700, 800));
        QCOMPARE(venue.seatCount(), 150);
        QCOMPARE(venue.sections.size(), 2);
        QCOMPARE(venue.sections.at(0).id, QStringLiteral("P"));
        QCOMPARE(venue.sections.at(1).name, QStringLiteral("Rang"));

        // Category names become ids verbatim, with their colours.
        QCOMPARE(venue.categories.size(), 2);
        QCOMPARE(venue.categories.at(0).id, QStringLiteral("Parkett"));
        QCOMPARE(venue.categories.at(0).colour, QColor(0xdd, 0x33, 0x33));
        QCOMPARE(venue.categories.at(1).id, QStringLiteral("Rang"));
        QCOMPARE(venue.categories.at(1).colour, QColor(0x33, 0x66, 0xcc));

        // Positions are absolute: zone + row + seat position.
        const auto seat = [&](QStringView id) { return venue.seat(*venue.findSeat(id)); };
        QCOMPARE(seat(u"P-1-1").position, QPointF(100, 150));
        QCOMPARE(seat(u"P-8-12").position, QPointF(430, 360));
        QCOMPARE(seat(u"R-1-1").position, QPointF(425, 401.15));
        QCOMPARE(seat(u"R-1-1").number, QStringLiteral("1"));
        QCOMPARE(seat(u"R-1-1").categoryId, QStringLiteral("Rang"));
        QCOMPARE(venue.sections.at(0).rows.at(0).id, QStringLiteral("1"));
        QCOMPARE(venue.sections.at(0).rows.at(0).label, QStringLiteral("Reihe 1"));
        QCOMPARE(venue.sections.at(1).rows.at(2).label, QStringLiteral("Fila 3"));

        // Areas become shapes; the stage rectangle gives the focal point.
        QCOMPARE(venue.shapes.size(), 2);
        QCOMPARE(venue.shapes.at(0).kind, Shape::Kind::Rectangle);
        QCOMPARE(venue.shapes.at(0).rect, QRectF(160, 40, 280, 60));
        QCOMPARE(venue.shapes.at(0).fill, QColor(0x99, 0x99, 0x99));
        QCOMPARE(venue.shapes.at(0).stroke, QColor(0x33, 0x33, 0x33));
        QCOMPARE(venue.shapes.at(1).kind, Shape::Kind::Text);
        QCOMPARE(venue.shapes.at(1).text, QStringLiteral("Bühne"));
        QCOMPARE(venue.shapes.at(1).rect.topLeft(), QPointF(270, 70));
        QCOMPARE(venue.shapes.at(1).fontSize, 18.0);
        QCOMPARE(venue.focalPoint, QPointF(300, 70));
    }

    void exportImportRoundTrip()
    {
        const Venue imported = PretixImporter::read(sample()).venue;
        QStringList losses;
        const QByteArray exported = PretixExporter::write(imported, &losses);
        QVERIFY2(losses.isEmpty(), qPrintable(losses.join(u", ")));
        const VenueReadResult again = PretixImporter::read(exported);
        QVERIFY2(again.issues.isEmpty(), qPrintable(formatIssues(again.issues)));
        QCOMPARE(again.venue, imported);
        QCOMPARE(PretixExporter::write(again.venue), exported);
    }

    void exportOurVenue_data()
    {
        QTest::addColumn<Venue>("venue");
        QTest::newRow("small theatre") << VenueGenerator::smallTheatre();
        QTest::newRow("arena") << VenueGenerator::arena();
        QTest::newRow("no sections, only shapes") << [] {
            Venue venue = VenueGenerator::smallTheatre();
            venue.sections.clear();
            return venue;
        }();
    }
    void exportOurVenue()
    {
        QFETCH(Venue, venue);
        QStringList losses;
        const QByteArray exported = PretixExporter::write(venue, &losses);
        const VenueReadResult result = PretixImporter::read(exported);
        // No warnings means no field outside the pretix schema.
        QVERIFY2(result.issues.isEmpty(), qPrintable(formatIssues(result.issues)));
        QCOMPARE(result.venue.seatCount(), venue.seatCount());
        venue.forEachSeat([&](const Section &, const Row &row, const Seat &seat, SeatRef ref) {
            const Seat &back = result.venue.seat(ref);
            QCOMPARE(back.id, seat.id);
            QCOMPARE(back.number, seat.number);
            QCOMPARE(back.categoryId, seat.categoryId);
            QVERIFY(back.position.x() == seat.position.x());
            QVERIFY(back.position.y() == seat.position.y());
            QCOMPARE(result.venue.sections.at(ref.section).rows.at(ref.row).label, row.label);
        });
        QCOMPARE(result.venue.shapes.size(), venue.shapes.size());
        for (int i = 0; i < venue.shapes.size(); ++i)
            QCOMPARE(result.venue.shapes.at(i).rect, venue.shapes.at(i).rect);
        QVERIFY(losses.contains(QStringLiteral("stage kind of shape \"stage\"")));
    }

    void rotatedAreas()
    {
        // pretix rotates around the area position; our shapes around their centre.
        const QByteArray plan = R"({"name": "r", "size": {"width": 100, "height": 100},
            "categories": [], "zones": [{"position": {"x": 10, "y": 20}, "rows": [], "areas": [
              {"shape": "rectangle", "position": {"x": 0, "y": 0}, "rotation": 90,
               "rectangle": {"width": 40, "height": 20}},
              {"shape": "polygon", "position": {"x": 0, "y": 0}, "rotation": 90,
               "polygon": {"points": [{"x": 10, "y": 0}, {"x": 20, "y": 0}, {"x": 20, "y": 5}]}},
              {"shape": "circle", "position": {"x": 5, "y": 5}, "circle": {"radius": 3}}]}]})";
        const VenueReadResult result = PretixImporter::read(plan);
        QVERIFY2(result.ok(), qPrintable(formatIssues(result.issues)));
        const Shape &rect = result.venue.shapes.at(0);
        // Centre (20, 10) rotated 90 degrees clockwise around (0, 0) is (-10, 20), plus the zone.
        QVERIFY(QLineF(rect.rect.center(), QPointF(0, 40)).length() < 1e-9);
        QCOMPARE(rect.rect.size(), QSizeF(40, 20));
        QCOMPARE(rect.rotation, 90.0);
        const Shape &polygon = result.venue.shapes.at(1);
        QCOMPARE(polygon.rotation, 0.0);
        QVERIFY(QLineF(polygon.points.at(0), QPointF(10, 30)).length() < 1e-9);
        QCOMPARE(result.venue.shapes.at(2).rect, QRectF(12, 22, 6, 6));

        const VenueReadResult again = PretixImporter::read(PretixExporter::write(result.venue));
        QVERIFY(again.ok());
        QCOMPARE(again.venue.shapes.size(), 3);
        QVERIFY(QLineF(again.venue.shapes.at(0).rect.center(), QPointF(0, 40)).length() < 1e-9);
        QCOMPARE(again.venue.shapes.at(0).rotation, 90.0);
    }

    void schemaViolations()
    {
        const QList<SchemaCase> cases = {
            {"missing seat_guid",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.remove("seat_guid"); }),
             true,
             "$.zones[0].rows[0].seats[1].seat_guid",
             "missing required field"},
            {"duplicate seat_guid",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.insert("seat_guid", "P-1-1"); }),
             true,
             "$.zones[0].rows[0].seats[1].seat_guid",
             "duplicate seat id \"P-1-1\""},
            {"unknown category",
             onSeat(1, 2, 3, [](QJsonObject &s) { s.insert("category", "Loge"); }),
             true,
             "$.zones[1].rows[2].seats[3].category",
             "unknown category \"Loge\""},
            {"position is a string",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.insert("position", "0,0"); }),
             true,
             "$.zones[0].rows[0].seats[1].position",
             "expected an object, found string"},
            {"position without y",
             onSeat(0,
                    0,
                    1,
                    [](QJsonObject &s) {
                        s.insert("position", QJsonObject{{"x", 1}});
                    }),
             true,
             "$.zones[0].rows[0].seats[1].position.y",
             "missing required field"},
            {"seat_number is a number",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.insert("seat_number", 2); }),
             true,
             "$.zones[0].rows[0].seats[1].seat_number",
             "expected a string, found number"},
            {"radius is fractional",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.insert("radius", 2.5); }),
             true,
             "$.zones[0].rows[0].seats[1].radius",
             "expected an integer"},
            {"missing zones",
             [](QJsonObject &root) { root.remove("zones"); },
             true,
             "$.zones",
             "missing required field"},
            {"missing size",
             [](QJsonObject &root) { root.remove("size"); },
             true,
             "$.size",
             "missing required field"},
            {"category without name",
             [](QJsonObject &root) {
                 editIn(root, "categories", 0, [](QJsonObject &c) { c.remove("name"); });
             },
             true,
             "$.categories[0].name",
             "missing required field"},
            {"row without row_number",
             onRow(0, 0, [](QJsonObject &r) { r.remove("row_number"); }),
             true,
             "$.zones[0].rows[0].row_number",
             "missing required field"},
            {"row_number_position",
             onRow(0, 0, [](QJsonObject &r) { r.insert("row_number_position", "middle"); }),
             true,
             "$.zones[0].rows[0].row_number_position",
             "expected start, end, both or null"},
            {"zone without position",
             onZone(1, [](QJsonObject &z) { z.remove("position"); }),
             true,
             "$.zones[1].position",
             "missing required field"},
            {"unknown area shape",
             onZone(0,
                    [](QJsonObject &z) {
                        editIn(z, "areas", 0, [](QJsonObject &a) { a.insert("shape", "star"); });
                    }),
             true,
             "$.zones[0].areas[0].shape",
             "unknown shape \"star\""},
            {"rectangle without size",
             onZone(0,
                    [](QJsonObject &z) {
                        editIn(z, "areas", 0, [](QJsonObject &a) { a.remove("rectangle"); });
                    }),
             true,
             "$.zones[0].areas[0].rectangle",
             "missing required field"},
            {"text without text",
             onZone(0,
                    [](QJsonObject &z) {
                        editIn(z, "areas", 1, [](QJsonObject &a) {
                            a.insert("text",
                                     QJsonObject{{"position", QJsonObject{{"x", 0}, {"y", 0}}}});
                        });
                    }),
             true,
             "$.zones[0].areas[1].text.text",
             "missing required field"},
            {"field outside the schema (warning)",
             onSeat(0, 0, 1, [](QJsonObject &s) { s.insert("price", 5); }),
             false,
             "$.zones[0].rows[0].seats[1].price",
             "unknown field ignored"},
        };
        const QJsonObject original = QJsonDocument::fromJson(sample()).object();
        for (const SchemaCase &c : cases) {
            QJsonObject root = original;
            c.edit(root);
            const VenueReadResult result = PretixImporter::read(QJsonDocument(root).toJson());
            QVERIFY2(hasIssue(result.issues,
                              c.isError ? VenueIssue::Severity::Error
                                        : VenueIssue::Severity::Warning,
                              QString::fromUtf8(c.path),
                              QString::fromUtf8(c.fragment)),
                     qPrintable(QString::fromUtf8(c.name) + u":\n" + formatIssues(result.issues)));
            QVERIFY2(result.ok() == !c.isError, c.name);
        }
    }

    void readFile()
    {
        const VenueReadResult result = PretixImporter::readFile(
            QStringLiteral(BOXOFFICE_TEST_DATA_DIR "/pretix/kleiner-saal.json"));
        QVERIFY(result.ok());
        QVERIFY(!PretixImporter::readFile(QStringLiteral("/nonexistent/plan.json")).ok());
    }
};

QTEST_GUILESS_MAIN(TestPretix)
#include "tst_pretix.moc"
