// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the editor's quality-bar figures for a 60,000-seat stadium:
// generate, save, open (< 1 s each); move 10,000 selected seats and undo (< 100 ms each).
// Run: QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_editor
#include "commands/moveobjects.h"
#include "document.h"
#include "editorview.h"
#include "mainwindow.h"

#include <core/stadiumgenerator.h>
#include <core/venuereader.h>
#include <core/venuevalidator.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/zoomcontroller.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QPainter>
#include <QTemporaryDir>

#include <cstdio>

using namespace boxoffice;

namespace {

template<typename F>
double timed(F &&f)
{
    QElapsedTimer timer;
    timer.start();
    f();
    return timer.nsecsElapsed() / 1e6;
}

void report(const char *what, double ms, double limit)
{
    std::printf("%-44s %8.1f ms  (bar %4.0f ms) %s\n", what, ms, limit, ms <= limit ? "ok" : "SLOW");
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("stadium.venue.json"));

    core::Venue venue;
    report("generate stadium, 60,000 seats",
           timed([&] { venue = core::StadiumGenerator::generate(60000); }),
           1000);
    report("save (write .venue.json)",
           timed([&] { core::VenueWriter::writeFile(venue, path); }),
           1000);

    report("read .venue.json (parse + validate)",
           timed([&] { core::VenueReader::readFile(path); }),
           1000);
    report("validate 60,000 seats (core)",
           timed([&] { core::VenueValidator::validate(venue); }),
           1000);
    seatmap::SeatMapScene scene;
    report("build the seat map scene", timed([&] { scene.setVenue(venue); }), 1000);

    editor::MainWindow window;
    window.setQuiet(true);
    window.resize(1400, 900);
    window.show();
    report("open in the editor (read + validate-free load + scene)",
           timed([&] { window.openFile(path); }),
           1000);
    editor::Document *document = window.document();

    QList<core::SeatRef> seats;
    document->venue().forEachSeat([&](const auto &, const auto &, const auto &, core::SeatRef ref) {
        if (seats.size() < 10000)
            seats.append(ref);
    });
    document->setSelection(seats);
    report("move 10,000 selected seats (command + scene)",
           timed([&] {
               document->undoStack()->push(
                   new editor::MoveObjects(document, seats, {}, QPointF(100, 50)));
           }),
           100);
    report("undo the move", timed([&] { document->undoStack()->undo(); }), 100);
    report("redo the move", timed([&] { document->undoStack()->redo(); }), 100);
    // Painting the whole view (what a pan or zoom step costs) at three levels of detail.
    editor::EditorView *view = window.view();
    {
        QImage warmUp(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&warmUp); // first paint loads fonts and glyph caches
        view->render(&painter, QRectF(), view->viewport()->rect());
    }
    for (const auto &[label, scale] : {std::pair{"paint view, fitted (sections as shapes)", 0.0},
                                       std::pair{"paint view, 0.03 (seats as dots)", 0.03},
                                       std::pair{"paint view, 0.06 (seats as round points)", 0.06},
                                       std::pair{"paint view, 0.5 (seats with numbers)", 0.5}}) {
        if (scale == 0.0)
            view->fitToContent();
        else
            view->zoom()->setScale(scale);
        QImage image(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        report(label,
               timed([&] {
                   QPainter painter(&image);
                   view->render(&painter, QRectF(), view->viewport()->rect());
               }),
               16);
    }
    report("validate 60,000 seats", timed([&] { document->validate(); }), 1000);
    report("save from the editor (validate + write)",
           timed([&] { document->save(path, nullptr); }),
           1000);
    return 0;
}
