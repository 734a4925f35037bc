// Prints the editor's quality-bar figures for a 60,000-seat stadium:
// generate, save, open (< 1 s each); move 10,000 selected seats and undo (< 100 ms each).
// Run: QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_editor
#include "commands/moveobjects.h"
#include "document.h"
#include "mainwindow.h"

#include <core/stadiumgenerator.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>

#include <QApplication>
#include <QElapsedTimer>
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
    report("validate 60,000 seats", timed([&] { document->validate(); }), 1000);
    report("save from the editor (validate + write)",
           timed([&] { document->save(path, nullptr); }),
           1000);
    return 0;
}
