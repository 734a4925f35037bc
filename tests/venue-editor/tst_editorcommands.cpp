// SPDX-License-Identifier: GPL-3.0-or-later
// Every editor command: what it changes, and that undo gives back the exact previous file.
#include "commands/addobject.h"
#include "commands/alignseats.h"
#include "commands/deleteobjects.h"
#include "commands/moveobjects.h"
#include "commands/renumberrows.h"
#include "commands/rotateobjects.h"
#include "commands/setcategory.h"
#include "commands/setflags.h"
#include "document.h"
#include "snapping.h"
#include "tooloptions.h"

#include <core/venuegenerator.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace boxoffice;
using editor::Document;
using seatmap::ObjectRef;

Q_DECLARE_METATYPE(std::function<QUndoCommand *(Document *)>)
Q_DECLARE_METATYPE(std::function<bool(const core::Venue &)>)

namespace {

QList<core::SeatRef> firstRow(const core::Venue &venue)
{
    QList<core::SeatRef> seats;
    for (int i = 0; i < venue.sections.first().rows.first().seats.size(); ++i)
        seats.append({0, 0, i});
    return seats;
}

} // namespace

class TestEditorCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void commandAndUndo_data()
    {
        using Make = std::function<QUndoCommand *(Document *)>;
        using Check = std::function<bool(const core::Venue &)>;
        QTest::addColumn<Make>("make");
        QTest::addColumn<Check>("check");
        const core::Venue base = core::VenueGenerator::smallTheatre();
        const QPointF first = base.sections.first().rows.first().seats.first().position;

        QTest::newRow("move") << Make([](Document *d) {
            return new editor::MoveObjects(d, firstRow(d->venue()), {}, QPointF(10, -5));
        }) << Check([first](const core::Venue &v) {
            return v.sections.first().rows.first().seats.first().position
                   == first + QPointF(10, -5);
        });
        QTest::newRow("rotate 180") << Make([](Document *d) {
            const auto seats = firstRow(d->venue());
            return new editor::RotateObjects(d,
                                             seats,
                                             {},
                                             180,
                                             editor::selectionCentre(d->venue(), seats, {}));
        }) << Check([base](const core::Venue &v) {
            const auto &row = v.sections.first().rows.first().seats;
            const auto &old = base.sections.first().rows.first().seats;
            return qAbs(row.first().position.x() - old.last().position.x()) < 0.02
                   && qAbs(row.first().position.y() - old.last().position.y()) < 0.02;
        });
        QTest::newRow("align top") << Make([](Document *d) {
            QList<core::SeatRef> seats = firstRow(d->venue());
            seats.append({0, 1, 0});
            return new editor::AlignSeats(d, seats, editor::AlignSeats::Mode::Top);
        }) << Check([first](const core::Venue &v) {
            return v.sections.first().rows.at(1).seats.first().position.y() == first.y();
        });
        QTest::newRow("distribute") << Make([](Document *d) {
            return new editor::AlignSeats(d,
                                          {{0, 0, 0}, {0, 0, 1}, {0, 0, 5}},
                                          editor::AlignSeats::Mode::DistributeHorizontally);
        }) << Check([base](const core::Venue &v) {
            const auto &s = v.sections.first().rows.first().seats;
            const double a = s.at(0).position.x(), b = s.at(1).position.x(),
                         c = s.at(5).position.x();
            return qAbs((b - a) - (c - b)) < 0.02
                   && c == base.sections.first().rows.first().seats.at(5).position.x();
        });
        QTest::newRow("renumber odd/even") << Make([](Document *d) {
            return new editor::RenumberRows(d,
                                            {{0, 0, 0}},
                                            core::NumberingScheme::OddEvenFromCentre,
                                            1);
        }) << Check([](const core::Venue &v) {
            const auto &s = v.sections.first().rows.first().seats;
            return s.first().number.toInt() % 2 == 1 && s.last().number.toInt() % 2 == 0
                   && s.first().id.endsWith(u'-' + s.first().number);
        });
        QTest::newRow("category") << Make([](Document *d) {
            return new editor::SetCategory(d,
                                           firstRow(d->venue()),
                                           {},
                                           d->venue().categories.last().id);
        }) << Check([](const core::Venue &v) {
            return v.sections.first().rows.first().seats.first().categoryId
                   == v.categories.last().id;
        });
        QTest::newRow("wheelchair") << Make([](Document *d) {
            return new editor::SetFlags(d, {{0, 0, 2}}, core::SeatFlag::Wheelchair, true);
        }) << Check([](const core::Venue &v) {
            return v.sections.first().rows.first().seats.at(2).flags.testFlag(
                core::SeatFlag::Wheelchair);
        });
        QTest::newRow("delete seats and row") << Make([](Document *d) {
            return new editor::DeleteObjects(d, firstRow(d->venue()), {});
        }) << Check([base](const core::Venue &v) {
            return v.sections.first().rows.size() == base.sections.first().rows.size() - 1;
        });
        QTest::newRow("delete section") << Make([](Document *d) {
            return new editor::DeleteObjects(d, {}, {{ObjectRef::Kind::Section, 0}});
        }) << Check([base](const core::Venue &v) {
            return v.sections.size() == base.sections.size() - 1;
        });
        QTest::newRow("add GA area") << Make([](Document *d) {
            core::GaArea area{QStringLiteral("pit"),
                              QStringLiteral("Pit"),
                              QPolygonF(QRectF(0, 0, 100, 100)),
                              50,
                              d->venue().categories.first().id};
            return new editor::AddObject(d, area);
        }) << Check([](const core::Venue &v) { return v.gaAreas.last().id == u"pit"; });
    }

    void commandAndUndo()
    {
        QFETCH(std::function<QUndoCommand *(Document *)>, make);
        QFETCH(std::function<bool(const core::Venue &)>, check);
        Document document(core::VenueGenerator::smallTheatre());
        QSignalSpy changed(&document, &Document::changed);
        const QByteArray before = document.toJson();
        document.undoStack()->push(make(&document));
        QCOMPARE(changed.size(), 1);
        QVERIFY(check(document.venue()));
        QVERIFY(document.isModified());
        const QByteArray after = document.toJson();
        QVERIFY(after != before);
        document.undoStack()->undo();
        QCOMPARE(document.toJson(), before);
        QVERIFY(!document.isModified());
        document.undoStack()->redo();
        QCOMPARE(document.toJson(), after);
    }

    void dragStepsMergeAndVanishWhenBackAtStart()
    {
        Document document(core::VenueGenerator::smallTheatre());
        const auto seats = firstRow(document.venue());
        for (const QPointF step : {QPointF(10, 0), QPointF(0, 10), QPointF(-10, -10)})
            document.undoStack()->push(new editor::MoveObjects(&document, seats, {}, step, 7));
        QCOMPARE(document.undoStack()->count(), 0); // back where it started: nothing to undo
        document.undoStack()->push(new editor::MoveObjects(&document, seats, {}, {5, 0}, 8));
        document.undoStack()->push(new editor::MoveObjects(&document, seats, {}, {5, 0}, 9));
        QCOMPARE(document.undoStack()->count(), 2); // two drags, two steps
    }

    void snapping()
    {
        core::Venue venue;
        venue.categories = {{QStringLiteral("c"), QStringLiteral("C"), QColor(Qt::red)}};
        venue.sections = {{QStringLiteral("S"), QStringLiteral("S"), {}, {}}};
        venue.sections[0].rows = {{QStringLiteral("A"), QStringLiteral("A"), {}}};
        venue.sections[0].rows[0].seats = {{QStringLiteral("S-A-1"),
                                            QStringLiteral("1"),
                                            QPointF(103, 117),
                                            QStringLiteral("c"),
                                            {}}};
        editor::ToolOptions options;
        options.gridSize = 50;
        options.seatSpacing = 50; // tolerance 12.5
        // x lines up with the seat, y (far from it) goes to the grid.
        QCOMPARE(editor::snapPoint(venue, options, QPointF(110, 240)), QPointF(103, 250));
        // Both near: the seat's position.
        QCOMPARE(editor::snapPoint(venue, options, QPointF(98, 120)), QPointF(103, 117));
        // The moving seat itself is ignored.
        QCOMPARE(editor::snapPoint(venue, options, QPointF(98, 120), {{0, 0, 0}}),
                 QPointF(100, 100));
        options.snapToSeats = false;
        QCOMPARE(editor::snapPoint(venue, options, QPointF(110, 240)), QPointF(100, 250));
        options.snapToGrid = false;
        QCOMPARE(editor::snapPoint(venue, options, QPointF(110, 240)), QPointF(110, 240));
    }

    void savingRefusesErrorsNotWarnings()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v.venue.json"));
        core::Venue venue = core::VenueGenerator::smallTheatre();
        venue.sections[0].rows[0].seats[0].position += QPointF(0, -400); // outside: a warning
        Document document(venue);
        QVERIFY(!document.validate().isEmpty());
        QString error;
        QVERIFY2(document.save(path, &error), qPrintable(error));
        venue.sections[0].rows[0].seats[1].id = venue.sections[0].rows[0].seats[2].id;
        Document broken(venue);
        QVERIFY(!broken.save(path + u".2", &error));
        QVERIFY(error.contains(u"duplicate seat id"));
        QVERIFY(!QFile::exists(path + u".2"));
    }

    void selectionFollowsEdits()
    {
        Document document(core::VenueGenerator::smallTheatre());
        document.setSelection({{0, 0, 0}, {99, 0, 0}}); // invalid refs are dropped
        QCOMPARE(document.selectedSeats().size(), 1);
        document.undoStack()->push(
            new editor::DeleteObjects(&document, {}, {{ObjectRef::Kind::Section, 0}}));
        QSignalSpy selection(&document, &Document::selectionChanged);
        document.undoStack()->undo();
        document.setSelection({{0, 0, 0}}, {{ObjectRef::Kind::GaArea, 42}});
        QVERIFY(document.selectedObjects().isEmpty());
    }
};

QTEST_MAIN(TestEditorCommands)
#include "tst_editorcommands.moc"
