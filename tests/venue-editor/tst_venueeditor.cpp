// SPDX-License-Identifier: GPL-3.0-or-later
// Drives the real editor widgets offscreen: tools with mouse drags on the view, actions, panels.
#include "autosaver.h"
#include "backgroundimage.h"
#include "commands/moveobjects.h"
#include "document.h"
#include "editoractions.h"
#include "editorview.h"
#include "mainwindow.h"
#include "newvenuedialog.h"
#include "panels/propertiespanel.h"
#include "panels/validationpanel.h"
#include "publishdialog.h"
#include "toolbox.h"
#include <core/uilanguage.h>

#include <core/geometry.h>
#include <core/stadiumgenerator.h>
#include <core/venuereader.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/zoomcontroller.h>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QGraphicsPixmapItem>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <cmath>

#include "httpresponder.h"

using namespace boxoffice;
using editor::MainWindow;

class TestVenueEditor : public QObject
{
    Q_OBJECT

    QString m_screens;
    QTemporaryDir m_tmp;

    static QString source(const QString &relative)
    {
        return qEnvironmentVariable("BOXOFFICE_SOURCE_DIR") + u'/' + relative;
    }

    void screenshot(QWidget *window, const QString &name)
    {
        QVERIFY(window->grab().save(m_screens + u'/' + name + u".png"));
    }

    /// A shown window with a new venue, the view zoomed to 1 px = 10 units and scrolled so that
    /// venue point (0, 0) is at the viewport's top-left.
    std::unique_ptr<MainWindow> makeWindow()
    {
        auto window = std::make_unique<MainWindow>();
        window->setQuiet(true);
        window->show();
        window->activateWindow(); // window shortcuts (tool keys) need the active window
        if (!QTest::qWaitForWindowActive(window.get()))
            qWarning("window did not become active");
        window->newVenue(QStringLiteral("Test Hall"), QSizeF(4000, 3000));
        window->view()->zoom()->setScale(0.1);
        window->view()->centerOn(QPointF(2000, 1500));
        return window;
    }

    static QPoint at(MainWindow &window, QPointF venuePoint)
    {
        return window.view()->mapFromScene(venuePoint);
    }

    static void drag(MainWindow &window, QPointF from, QPointF to)
    {
        QWidget *viewport = window.view()->viewport();
        QTest::mousePress(viewport, Qt::LeftButton, {}, at(window, from));
        const QPointF mid = (from + to) / 2;
        QTest::mouseMove(viewport, at(window, mid));
        QTest::mouseMove(viewport, at(window, to));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(window, to));
    }

    static void useTool(MainWindow &window, const QString &name)
    {
        QAction *action = window.toolBox()->action(name);
        QVERIFY(action);
        action->trigger();
        QCOMPARE(window.view()->tool()->iconName(), name);
    }

    /// Draws a section and a curved row of 20 seats in it.
    void drawSectionAndArcRow(MainWindow &window)
    {
        useTool(window, QStringLiteral("section-rect"));
        drag(window, QPointF(500, 1000), QPointF(3500, 2500));
        QCOMPARE(window.document()->venue().sections.size(), 1);
        window.toolOptions()->seatCount = 20;
        window.toolOptions()->seatSpacing = 55;
        useTool(window, QStringLiteral("arc-row"));
        drag(window, QPointF(1400, 1600), QPointF(2600, 1600));
        QWidget *viewport = window.view()->viewport();
        QTest::mouseMove(viewport, at(window, QPointF(2000, 1800)));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(window, QPointF(2000, 1800)));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_screens = qEnvironmentVariable("BOXOFFICE_BUILD_DIR", QDir::tempPath())
                    + QStringLiteral("/screenshots");
        QDir().mkpath(m_screens);
        QStandardPaths::setTestModeEnabled(true);
    }

    void newVenueDialog()
    {
        editor::NewVenueDialog dialog;
        auto *name = dialog.findChild<QLineEdit *>();
        QVERIFY(name);
        name->setText(QStringLiteral("Sala Roja"));
        QCOMPARE(dialog.name(), QStringLiteral("Sala Roja"));
        QCOMPARE(dialog.size(), QSizeF(4000, 3000));
        auto window = makeWindow();
        window->newVenue(dialog.name(), QSizeF(2500, 1800));
        QCOMPARE(window->document()->venue().id, QStringLiteral("sala-roja"));
        QVERIFY(window->windowTitle().startsWith(u"Sala Roja"));
        QVERIFY(!window->isWindowModified());
    }

    void drawSectionAndCurvedRow()
    {
        auto window = makeWindow();
        drawSectionAndArcRow(*window);
        const core::Venue &venue = window->document()->venue();
        QCOMPARE(venue.sections.size(), 1);
        const core::Section &section = venue.sections.first();
        QCOMPARE(section.outline.boundingRect(), QRectF(500, 1000, 3000, 1500));
        QCOMPARE(section.rows.size(), 1);
        const core::Row &row = section.rows.first();
        QCOMPARE(row.seats.size(), 20);
        QCOMPARE(row.label, QStringLiteral("A"));
        QCOMPARE(row.seats.first().number, QStringLiteral("1"));
        QCOMPARE(row.seats.first().id, section.id + QStringLiteral("-A-1"));
        // Curved: the middle seats bulge towards the click, away from the chord.
        const double chordY = (row.seats.first().position.y() + row.seats.last().position.y()) / 2;
        QVERIFY2(row.seats.at(10).position.y() > chordY + 50,
                 qPrintable(QString::number(row.seats.at(10).position.y())));
        // Neighbours stay the chosen spacing apart.
        const QPointF d = row.seats.at(1).position - row.seats.at(0).position;
        QVERIFY(qAbs(std::hypot(d.x(), d.y()) - 55) < 0.1);
        // The new seats are selected and every seat is inside the section.
        QCOMPARE(window->document()->selectedSeats().size(), 20);
        for (const core::Seat &seat : row.seats)
            QVERIFY(core::geometry::contains(section.outline, seat.position));
        window->view()->fitToContent();
        screenshot(window.get(), QStringLiteral("editor-curved-row"));
    }

    void polygonSectionShapesAndRubberBand()
    {
        auto window = makeWindow();
        QWidget *viewport = window->view()->viewport();
        // Polygon section: click corners, double-click to finish.
        useTool(*window, QStringLiteral("section-polygon"));
        for (const QPointF p : {QPointF(500, 500), QPointF(2000, 500), QPointF(2500, 1500)})
            QTest::mouseClick(viewport, Qt::LeftButton, {}, at(*window, p));
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(500, 1500)));
        QCOMPARE(window->document()->venue().sections.size(), 1);
        QCOMPARE(window->document()->venue().sections.first().outline.size(), 4);
        // Escape cancels a half-drawn polygon.
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(3000, 2000)));
        QTest::keyClick(window->view(), Qt::Key_Escape);
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(3500, 2000)));
        QCOMPARE(window->document()->venue().sections.size(), 1);

        // Text (click), ellipse (drag), focal point (click), chosen by their shortcut keys.
        window->toolOptions()->text = QStringLiteral("Exit");
        QTest::keyClick(window.get(), Qt::Key_T);
        QCOMPARE(window->view()->tool()->iconName(), QStringLiteral("text"));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(3000, 2800)));
        QTest::keyClick(window.get(), Qt::Key_E);
        drag(*window, QPointF(3000, 200), QPointF(3500, 600));
        QTest::keyClick(window.get(), Qt::Key_F);
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(1200, 150)));
        const core::Venue &venue = window->document()->venue();
        QCOMPARE(venue.shapes.size(), 2);
        QCOMPARE(venue.shapes.at(0).kind, core::Shape::Kind::Text);
        QCOMPARE(venue.shapes.at(0).text, QStringLiteral("Exit"));
        QCOMPARE(venue.shapes.at(1).kind, core::Shape::Kind::Ellipse);
        QCOMPARE(venue.focalPoint, QPointF(1200, 150));

        // A straight row in the section, then rubber-band half of it.
        window->toolOptions()->seatCount = 10;
        QTest::keyClick(window.get(), Qt::Key_L);
        drag(*window, QPointF(1000, 1000), QPointF(1600, 1000));
        QCOMPARE(window->document()->venue().sections.first().rows.first().seats.size(), 10);
        QTest::keyClick(window.get(), Qt::Key_S);
        drag(*window, QPointF(950, 900), QPointF(1240, 1100)); // seats at 1000, 1055, ... 1220
        QCOMPARE(window->document()->selectedSeats().size(), 5);
        // Delete key removes them; undo brings them back.
        window->actions()->action(editor::CommandId::Delete)->trigger();
        QCOMPARE(window->document()->venue().sections.first().rows.first().seats.size(), 5);
        window->actions()->undo->trigger();
        QCOMPARE(window->document()->venue().sections.first().rows.first().seats.size(), 10);
        // Clicking the section outline (no seat there) selects the section.
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(*window, QPointF(700, 1400)));
        QCOMPARE(window->document()->selectedObjects(),
                 (QList<seatmap::ObjectRef>{{seatmap::ObjectRef::Kind::Section, 0}}));
        // Dragging the selected section moves it with its seats.
        const QPointF firstSeat
            = window->document()->venue().sections.first().rows.first().seats.first().position;
        drag(*window, QPointF(700, 1400), QPointF(800, 1450));
        QCOMPARE(window->document()->venue().sections.first().rows.first().seats.first().position,
                 firstSeat + QPointF(100, 50));
        QCOMPARE(window->document()->venue().sections.first().outline.first(), QPointF(600, 550));
        screenshot(window.get(), QStringLiteral("editor-shapes"));
    }

    void blockOfRowsSkipsIandO()
    {
        auto window = makeWindow();
        window->toolOptions()->seatCount = 10;
        window->toolOptions()->rowCount = 10;
        window->toolOptions()->rowSpacing = 90;
        window->toolOptions()->stagger = true;
        useTool(*window, QStringLiteral("row-block"));
        drag(*window, QPointF(1000, 1000), QPointF(2000, 1000));
        const core::Venue &venue = window->document()->venue();
        QCOMPARE(venue.sections.size(), 1); // made around the block
        QStringList labels;
        for (const core::Row &row : venue.sections.first().rows)
            labels.append(row.label);
        QCOMPARE(labels.join(u','), QStringLiteral("A,B,C,D,E,F,G,H,J,K"));
        QCOMPARE(venue.seatCount(), 100);
        // Staggered: the second row starts half a seat to the right.
        QCOMPARE(venue.sections.first().rows.at(1).seats.first().position.x(),
                 venue.sections.first().rows.at(0).seats.first().position.x() + 27.5);
        QCOMPARE(window->validationPanel()->errorCount(), 0);
        window->validationPanel()->refresh();
        QCOMPARE(window->validationPanel()->errorCount(), 0);
    }

    void renumberAndUndoRedoAreByteIdentical()
    {
        auto window = makeWindow();
        editor::Document *document = window->document();
        QList<QByteArray> states;
        drawSectionAndArcRow(*window);
        // Two commands: the section, then the row.
        while (document->undoStack()->canUndo())
            document->undoStack()->undo();
        states.append(document->toJson());
        document->undoStack()->redo();
        states.append(document->toJson());
        document->undoStack()->redo();
        states.append(document->toJson());

        // Select one seat by clicking it, widen to its row, renumber right to left through the
        // properties panel and the Edit menu action.
        useTool(*window, QStringLiteral("select"));
        const QPointF third = document->venue().sections.first().rows.first().seats.at(2).position;
        QTest::mouseClick(window->view()->viewport(), Qt::LeftButton, {}, at(*window, third));
        QCOMPARE(document->selectedSeats().size(), 1);
        window->actions()->action(editor::CommandId::SelectRows)->trigger();
        QCOMPARE(document->selectedSeats().size(), 20);
        auto *scheme = window->findChild<QComboBox *>(QStringLiteral("numberingScheme"));
        QVERIFY(scheme);
        scheme->setCurrentIndex(int(core::NumberingScheme::RightToLeft));
        window->actions()->action(editor::CommandId::Renumber)->trigger();
        const core::Row row = document->venue().sections.first().rows.first();
        QCOMPARE(row.seats.first().number, QStringLiteral("20"));
        QCOMPARE(row.seats.last().number, QStringLiteral("1"));
        QCOMPARE(row.seats.last().id, document->venue().sections.first().id + u"-A-1");
        states.append(document->toJson());

        // Move with a mouse drag (merged into one step) and with arrow keys.
        QTest::mouseClick(window->view()->viewport(),
                          Qt::LeftButton,
                          {},
                          at(*window, row.seats.at(5).position));
        const QPointF seat = row.seats.at(5).position;
        window->toolOptions()->snapToSeats = false; // grid only here (see tst_editorcommands)
        const int before = document->undoStack()->count();
        drag(*window, seat, seat + QPointF(200, 100));
        QCOMPARE(document->undoStack()->count(), before + 1);
        // The grabbed seat snaps to the grid.
        const QPointF moved = window->toolOptions()->snap(seat + QPointF(200, 100));
        QCOMPARE(document->venue().sections.first().rows.first().seats.at(5).position, moved);
        states.append(document->toJson());
        QTest::keyClick(window->view(), Qt::Key_Right);
        QCOMPARE(document->venue().sections.first().rows.first().seats.at(5).position,
                 moved + QPointF(50, 0));
        states.append(document->toJson());
        screenshot(window.get(), QStringLiteral("editor-moved-row"));

        // Undo all the way back and redo all again: every state is byte for byte what it was.
        for (qsizetype i = states.size() - 1; i > 0; --i) {
            QCOMPARE(document->toJson(), states.at(i));
            window->actions()->undo->trigger();
        }
        QCOMPARE(document->toJson(), states.first());
        QVERIFY(!document->isModified());
        for (qsizetype i = 1; i < states.size(); ++i) {
            window->actions()->redo->trigger();
            QCOMPARE(document->toJson(), states.at(i));
        }
        QVERIFY(window->isWindowModified());
        QVERIFY(window->windowTitle().contains(u"[*]"));
    }

    void validationErrorBlocksSaving()
    {
        auto window = makeWindow();
        QVERIFY(window->openFile(
            source(QStringLiteral("tests/venue-editor/data/overlapping.venue.json"))));
        window->validationPanel()->refresh();
        QTreeWidget *list = window->validationPanel()->list();
        QCOMPARE(window->validationPanel()->errorCount(), 1);
        QVERIFY(list->topLevelItem(0)->text(0).contains(u"overlaps"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("$.sections[0].rows[0].seats[1].x"));
        screenshot(window.get(), QStringLiteral("editor-validation-error"));

        const QString path = m_tmp.filePath(QStringLiteral("overlapping.venue.json"));
        QVERIFY(!window->saveFile(path));
        QVERIFY(window->lastError().contains(u"overlaps"));
        QVERIFY(!QFile::exists(path));

        // Clicking the issue selects the seat.
        const QRect rect = list->visualItemRect(list->topLevelItem(0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(window->document()->selectedSeats(), (QList<core::SeatRef>{{0, 0, 1}}));

        // Fix it by nudging the seat away: now it saves.
        window->toolBox()->action(QStringLiteral("select"))->trigger();
        QTest::keyClick(window->view(), Qt::Key_Right, Qt::ShiftModifier);
        window->validationPanel()->refresh();
        QCOMPARE(window->validationPanel()->errorCount(), 0);
        QVERIFY2(window->saveFile(path), qPrintable(window->lastError()));
        QVERIFY(!window->isWindowModified());
    }

    void saveAndReopen()
    {
        auto window = makeWindow();
        drawSectionAndArcRow(*window);
        useTool(*window, QStringLiteral("ga-area"));
        window->toolOptions()->capacity = 250;
        drag(*window, QPointF(500, 2600), QPointF(1500, 2900));
        useTool(*window, QStringLiteral("stage"));
        drag(*window, QPointF(1500, 200), QPointF(2500, 600));
        const QString path = m_tmp.filePath(QStringLiteral("hall.venue.json"));
        QVERIFY2(window->saveFile(path), qPrintable(window->lastError()));
        QVERIFY(window->windowTitle().startsWith(u"hall.venue.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray saved = file.readAll();

        auto reopened = makeWindow();
        QVERIFY(reopened->openFile(path));
        QCOMPARE(reopened->document()->venue(), window->document()->venue());
        QCOMPARE(reopened->document()->toJson(), saved);
        QCOMPARE(reopened->document()->venue().gaAreas.first().capacity, 250);
        QCOMPARE(reopened->document()->venue().shapes.first().kind, core::Shape::Kind::Stage);
        screenshot(reopened.get(), QStringLiteral("editor-reopened"));
    }

    void importPretixSample()
    {
        auto window = makeWindow();
        QVERIFY(window->importPretix(
            source(QStringLiteral("tests/shared/core/data/pretix/kleiner-saal.json"))));
        QCOMPARE(window->document()->venue().seatCount(), 150);
        QVERIFY(window->document()->fileName().isEmpty());
        const QString svg = m_tmp.filePath(QStringLiteral("kleiner-saal.svg"));
        const QString png = m_tmp.filePath(QStringLiteral("kleiner-saal.png"));
        QVERIFY(window->exportSvg(svg));
        QVERIFY(window->exportPng(png));
        QVERIFY(QImage(png).width() > 100);
        // pretix out and back in: the same seats.
        const QString pretix = m_tmp.filePath(QStringLiteral("kleiner-saal.pretix.json"));
        QVERIFY(window->exportPretix(pretix));
        auto again = makeWindow();
        QVERIFY(again->importPretix(pretix));
        QCOMPARE(again->document()->venue().seatCount(), 150);
        screenshot(window.get(), QStringLiteral("editor-pretix-import"));
    }

    void largeVenueScreens()
    {
        auto window = makeWindow();
        window->resize(1400, 900);
        QVERIFY(window->openFile(source(QStringLiteral("resources/venues/arena.venue.json"))));
        window->view()->fitToContent();
        screenshot(window.get(), QStringLiteral("editor-arena"));
        // Zoomed in: seat numbers and row labels.
        const core::Seat &seat
            = window->document()->venue().sections.first().rows.first().seats.first();
        window->view()->zoom()->setScale(1.0);
        window->view()->centerOn(seat.position);
        QTest::mouseDClick(window->view()->viewport(),
                           Qt::LeftButton,
                           {},
                           at(*window, seat.position));
        QVERIFY(window->document()->selectedSeats().size() > 1); // the whole row
        screenshot(window.get(), QStringLiteral("editor-arena-zoomed"));
        // Delete the row, undo it.
        const qsizetype seats = window->document()->venue().seatCount();
        window->actions()->action(editor::CommandId::Delete)->trigger();
        QVERIFY(window->document()->venue().seatCount() < seats);
        window->actions()->undo->trigger();
        QCOMPARE(window->document()->venue().seatCount(), seats);
    }

    void stadiumOf60000Seats()
    {
        const QString path = m_tmp.filePath(QStringLiteral("stadium.venue.json"));
        QVERIFY(core::VenueWriter::writeFile(core::StadiumGenerator::generate(60000), path));
        auto window = makeWindow();
        QVERIFY(window->openFile(path));
        QCOMPARE(window->document()->venue().seatCount(), 60000);
        window->view()->fitToContent();
        screenshot(window.get(), QStringLiteral("editor-stadium"));
        // Select a whole section and move it with the keyboard; undo puts it back exactly.
        const QByteArray before = window->document()->toJson();
        window->document()->setSelection({}, {{seatmap::ObjectRef::Kind::Section, 3}});
        window->actions()->action(editor::CommandId::SelectSections)->trigger();
        QVERIFY(window->document()->selectedSeats().size() > 500);
        QTest::keyClick(window->view(), Qt::Key_Down);
        QVERIFY(window->document()->toJson() != before);
        window->actions()->undo->trigger();
        QCOMPARE(window->document()->toJson(), before);
        window->view()->zoom()->setScale(0.06);
        window->view()->centerOn(
            window->document()->venue().sections.at(3).rows.first().seats.first().position);
        screenshot(window.get(), QStringLiteral("editor-stadium-zoomed"));
    }

    void autosaveAndRecovery()
    {
        QDir(editor::Autosaver::directory()).removeRecursively(); // test-mode folder
        {
            auto crashed = makeWindow();
            useTool(*crashed, QStringLiteral("section-rect"));
            drag(*crashed, QPointF(500, 1000), QPointF(3500, 2500));
            crashed->autosaver()->saveNow();
            QCOMPARE(editor::Autosaver::leftovers().size(), 1);
            // No clean close: the autosave file stays, as after a crash.
        }
        auto window = makeWindow();
        window->offerRecovery();
        QCOMPARE(window->document()->venue().sections.size(), 1);
        QVERIFY(window->document()->isModified());
        QVERIFY(editor::Autosaver::leftovers().isEmpty());
        // A clean close leaves nothing behind.
        window->autosaver()->saveNow();
        QVERIFY(!editor::Autosaver::leftovers().isEmpty());
        window->close();
        QVERIFY(editor::Autosaver::leftovers().isEmpty());
    }

    void backgroundImageCalibration()
    {
        auto window = makeWindow();
        QImage plan(400, 300, QImage::Format_RGB32);
        plan.fill(QColor(0xcc, 0xdd, 0xee));
        const QString path = m_tmp.filePath(QStringLiteral("plan.png"));
        QVERIFY(plan.save(path));
        QVERIFY(!window->background()->load(m_tmp.filePath(QStringLiteral("missing.png"))));
        QVERIFY(window->background()->load(path));
        window->background()->setOpacity(0.5);
        // The calibration tool takes two clicks, then asks for the distance in a dialog; the
        // dialog is modal, so the measurement is applied directly: 100 units are 1000 cm.
        window->actions()->action(editor::CommandId::Calibrate)->trigger();
        QCOMPARE(window->view()->tool()->iconName(), QStringLiteral("calibrate"));
        editor::BackgroundImage *background = window->background();
        background->calibrate(QPointF(100, 100), QPointF(200, 100), 1000);
        QCOMPARE(background->scale(), 10.0);
        QCOMPARE(background->item()->mapToScene(QPointF(100, 100)), QPointF(100, 100));
        QCOMPARE(background->item()->sceneBoundingRect().width(), 4000.0);
        window->view()->fitToContent();
        screenshot(window.get(), QStringLiteral("editor-background"));
    }

    void publishToServer()
    {
        // The server's venue routes are tested end to end with the server; here a loopback
        // responder checks what the dialog sends and how it reports success and conflicts.
        test::Responder server;
        server.responses = {
            test::Responder::json(
                200,
                R"({"access_token":"t1","token_type":"Bearer","expires_in":60,"role":"manager"})"),
            test::Responder::json(201, R"({"id":"v-9","version":1,"seats":522})"),
            test::Responder::json(
                200,
                R"({"access_token":"t2","token_type":"Bearer","expires_in":60,"role":"manager"})"),
            test::Responder::json(409,
                                  R"({"title":"Conflict","status":409,"code":"version_conflict"})"),
            test::Responder::json(
                200,
                R"({"format":"boxoffice-venue","version":3,"id":"small-theatre","name":"x","size":{"width":1,"height":1},"focal_point":{"x":0,"y":0},"categories":[],"sections":[],"ga_areas":[],"shapes":[]})")};
        auto window = makeWindow();
        QVERIFY(
            window->openFile(source(QStringLiteral("resources/venues/small-theatre.venue.json"))));
        editor::PublishDialog dialog(window->document(), window.get());
        dialog.show();
        auto field = [&dialog](const char *name) {
            return dialog.findChild<QLineEdit *>(QLatin1StringView(name));
        };
        auto *status = dialog.findChild<QLabel *>(QStringLiteral("status"));
        field("server")->setText(server.url().toString());
        field("user")->setText(QStringLiteral("manager"));
        field("password")->setText(QStringLiteral("pw"));
        field("venueId")->clear();
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("publish")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"v-9"), 10000);
        QCOMPARE(field("venueId")->text(), QStringLiteral("v-9"));
        QCOMPARE(field("version")->text(), QStringLiteral("1"));
        QVERIFY(server.requests.at(1).startsWith("POST /venues "));
        QVERIFY(server.requests.at(1).contains("\"id\": \"small-theatre\""));
        screenshot(&dialog, QStringLiteral("editor-publish"));

        // Publishing again updates with If-Match; a conflict says what the server has.
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("publish")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(u"version 3"), 10000);
        QVERIFY(server.requests.at(3).startsWith("PUT /venues/v-9 "));
        QVERIFY(server.requests.at(3).contains("If-Match: 1"));
        QVERIFY2(status->text().contains(u"Seats only here: S-A-1"), qPrintable(status->text()));
    }

    void liveLanguageSwitch()
    {
        // Choosing a language in the menu applies at once to the window, menus, docks, panels
        // and tools, and back again.
        auto window = makeWindow();
        QVERIFY(
            window->openFile(source(QStringLiteral("resources/venues/small-theatre.venue.json"))));
        auto *dock = window->findChild<QDockWidget *>(QStringLiteral("propertiesDock"));
        auto *validation = window->findChild<QDockWidget *>(QStringLiteral("validationDock"));
        QVERIFY(dock && validation);
        QAction *fileMenu = window->menuBar()->actions().value(0);
        QAction *sectionTool = window->toolBox()->action(QStringLiteral("section-rect"));
        auto *venueGroup = window->propertiesPanel()->findChild<QGroupBox *>();
        QVERIFY(fileMenu && sectionTool && venueGroup);
        auto texts = [&] {
            return QStringList{window->actions()->action(editor::CommandId::Save)->text(),
                               fileMenu->text(),
                               dock->windowTitle(),
                               validation->windowTitle(),
                               sectionTool->text(),
                               window->actions()->undo->text(),
                               window->windowTitle(),
                               window->validationPanel()->list()->headerItem()->text(0),
                               venueGroup->title()};
        };
        const QStringList english{QStringLiteral("&Save"),
                                  QStringLiteral("&File"),
                                  QStringLiteral("Properties"),
                                  QStringLiteral("Validation"),
                                  QStringLiteral("Section (Rectangle)"),
                                  QStringLiteral("&Undo"),
                                  QStringLiteral("small-theatre.venue.json[*] — Venue Editor"),
                                  QStringLiteral("Problem"),
                                  QStringLiteral("Seats")};
        QCOMPARE(texts(), english);
        auto *editMenu = window->menuBar()->findChild<QMenu *>(QStringLiteral("editMenu"));
        QVERIFY(editMenu);
        const qsizetype editEntries = editMenu->actions().size();

        window->actions()->action(editor::CommandId::Spanish)->trigger();
        const QStringList spanish{QStringLiteral("&Guardar"),
                                  QStringLiteral("&Archivo"),
                                  QStringLiteral("Propiedades"),
                                  QStringLiteral("Validación"),
                                  QStringLiteral("Sección (rectángulo)"),
                                  QStringLiteral("&Deshacer"),
                                  QStringLiteral(
                                      "small-theatre.venue.json[*] — Editor de recintos"),
                                  QStringLiteral("Problema"),
                                  QStringLiteral("Asientos")};
        QTRY_COMPARE(texts(), spanish);
        QVERIFY(window->actions()->action(editor::CommandId::Spanish)->isChecked());
        QVERIFY(sectionTool->toolTip().startsWith(u"Sección (rectángulo) ("));
        QTest::qWait(100); // let the layouts follow the longer texts
        screenshot(window.get(), QStringLiteral("editor-live-spanish"));

        window->actions()->action(editor::CommandId::English)->trigger();
        QTRY_COMPARE(texts(), english);
        QVERIFY(window->actions()->action(editor::CommandId::English)->isChecked());
        // Undo/redo were made again with the new prefix, not added twice.
        QCOMPARE(editMenu->actions().size(), editEntries);
        QCOMPARE(editMenu->actions().first(), window->actions()->undo);
    }

    void spanishInterface()
    {
        QVERIFY(core::installLanguage(QStringLiteral("venue-editor"), QStringLiteral("es")));
        auto window = makeWindow();
        const bool translated = window->actions()->action(editor::CommandId::Save)->text()
                                == u"&Guardar";
        QVERIFY(
            window->openFile(source(QStringLiteral("resources/venues/small-theatre.venue.json"))));
        window->view()->fitToContent();
        screenshot(window.get(), QStringLiteral("editor-spanish"));
        window.reset();
        QVERIFY(core::installLanguage(QStringLiteral("venue-editor"), QStringLiteral("en")));
        QVERIFY(translated);
        QVERIFY(makeWindow()->actions()->action(editor::CommandId::Save)->text() == u"&Save");
    }
};

QTEST_MAIN(TestVenueEditor)
#include "tst_venueeditor.moc"
