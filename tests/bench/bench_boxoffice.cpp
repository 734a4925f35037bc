// SPDX-License-Identifier: GPL-3.0-or-later
// Prints the box office's quality-bar figures for a 60,000-seat stadium (offscreen):
// open the event (< 1 s), pan/zoom frames (< 16 ms), 1,000 seat-status changes per second
// applied in per-frame batches (no frame over 50 ms).
// Frames are grouped by kind (level of detail and gesture) with p50/p95/max, over three passes:
// the first pass includes first paints of each zoom level, so the worst frame says which pass.
// Run: QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_boxoffice [passes]
// (BENCH_FRAMES=1 lists every frame; BENCH_GRAB=dir saves the map at each level of detail.)
#include "salemapview.h"
#include "salepage.h"
#include "salesession.h"

#include <client/livesession.h>
#include <client/salesclient.h>
#include <core/stadiumgenerator.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/seatmapview.h>
#include <seatmap/zoomcontroller.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPixmap>
#include <QRandomGenerator>
#include <QScrollBar>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>

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
    std::printf("%-52s %8.1f ms  (bar %4.0f ms) %s\n", what, ms, limit, ms <= limit ? "ok" : "SLOW");
}

struct Frame
{
    QString kind;
    QString where; ///< pass, step and scale, to find the frame again
    double ms = 0;
    double cpuMs = 0; ///< CPU time of the whole process (raster worker threads too)
};

/// CPU time of the process: on a machine shared with other jobs wall time includes waiting for
/// a core, CPU time does not.
double processCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

template<typename F>
Frame timedFrame(const QString &kind, const QString &where, F &&f)
{
    const double cpu = processCpuMs();
    const double ms = timed(f);
    return {kind, where, ms, processCpuMs() - cpu};
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto index = qsizetype(std::ceil(p * double(values.size()))) - 1;
    return values.at(qBound(qsizetype(0), index, values.size() - 1));
}

/// p50 / p95 / max per kind, then over all frames, with the worst frame named.
void summarise(const char *title, const QList<Frame> &frames, double limit)
{
    std::map<QString, QList<double>> byKind;
    std::map<QString, QList<double>> cpuByKind;
    QList<double> all;
    QList<double> allCpu;
    const Frame *worst = nullptr;
    for (const Frame &f : frames) {
        byKind[f.kind].append(f.ms);
        cpuByKind[f.kind].append(f.cpuMs);
        all.append(f.ms);
        allCpu.append(f.cpuMs);
        if (!worst || f.ms > worst->ms)
            worst = &f;
    }
    std::printf("%s (bar %.0f ms per frame)\n", title, limit);
    if (qEnvironmentVariableIsSet("BENCH_FRAMES")) {
        for (const Frame &f : frames)
            std::printf("    %-36s %-40s %7.1f ms  CPU %7.1f ms\n",
                        qPrintable(f.kind),
                        qPrintable(f.where),
                        f.ms,
                        f.cpuMs);
    }
    std::printf("  %-36s %5s %7s %7s %7s   %7s %7s\n",
                "kind (wall ms; process CPU ms)",
                "n",
                "p50",
                "p95",
                "max",
                "cpu p50",
                "cpu max");
    auto line = [limit](const QString &kind, const QList<double> &wall, const QList<double> &cpu) {
        std::printf("  %-36s %5lld %7.1f %7.1f %7.1f   %7.1f %7.1f %s\n",
                    qPrintable(kind),
                    qlonglong(wall.size()),
                    percentile(wall, 0.5),
                    percentile(wall, 0.95),
                    percentile(wall, 1.0),
                    percentile(cpu, 0.5),
                    percentile(cpu, 1.0),
                    percentile(wall, 1.0) <= limit ? "ok" : "SLOW");
    };
    for (const auto &[kind, values] : byKind)
        line(kind, values, cpuByKind[kind]);
    line(QStringLiteral("all"), all, allCpu);
    if (worst)
        std::printf("  worst frame: %s, %s: %.1f ms (CPU %.1f ms)\n",
                    qPrintable(worst->kind),
                    qPrintable(worst->where),
                    worst->ms,
                    worst->cpuMs);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const int passes = argc > 1 ? qBound(1, QByteArray(argv[1]).toInt(), 20) : 3;
    const core::Venue venue = core::StadiumGenerator::generate(60000);
    const QByteArray venueBytes = core::VenueWriter::write(venue);
    QJsonArray categories;
    for (const core::Category &c : venue.categories)
        categories.append(QJsonObject{{QStringLiteral("id"), c.id},
                                      {QStringLiteral("name"), c.name},
                                      {QStringLiteral("color"), c.colour.name()},
                                      {QStringLiteral("price_cents"), 4500}});
    const QJsonObject event{{QStringLiteral("id"), QStringLiteral("bench")},
                            {QStringLiteral("title"), QStringLiteral("Stadium night")},
                            {QStringLiteral("starts_at"), QStringLiteral("2030-06-01T20:00:00Z")},
                            {QStringLiteral("currency"), QStringLiteral("EUR")},
                            {QStringLiteral("categories"), categories}};
    QJsonArray seats;
    QStringList ids;
    venue.forEachSeat(
        [&](const core::Section &, const core::Row &, const core::Seat &seat, core::SeatRef) {
            ids.append(seat.id);
            seats.append(QJsonObject{{QStringLiteral("id"), seat.id},
                                     {QStringLiteral("status"),
                                      ids.size() % 7 == 0 ? QStringLiteral("sold")
                                                          : QStringLiteral("available")}});
        });
    const QJsonObject seatmap{{QStringLiteral("version"), 1}, {QStringLiteral("seats"), seats}};
    const QByteArray seatmapBytes = QJsonDocument(seatmap).toJson(QJsonDocument::Compact);
    std::printf("venue: %lld seats, %lld sections; venue JSON %lld KiB, seat map JSON %lld KiB\n",
                qlonglong(venue.seatCount()),
                qlonglong(venue.sections.size()),
                qlonglong(venueBytes.size() / 1024),
                qlonglong(seatmapBytes.size() / 1024));
    if (QFile loadavg(QStringLiteral("/proc/loadavg")); loadavg.open(QIODevice::ReadOnly))
        std::printf("load average: %s", loadavg.readAll().constData());

    client::SalesClient client;
    client::LiveSession ws;
    app::SaleSession session(&client);
    app::SalePage page(&client, &ws, &session);
    page.resize(1280, 800);
    page.show();
    auto *view = page.view();
    QPixmap frame(view->viewport()->size());
    auto paint = [&] { view->viewport()->render(&frame); };

    const double open = timed([&] {
        // What open() does once the answers are in: parse both bodies, build, colour, paint.
        const QJsonObject v = QJsonDocument::fromJson(venueBytes).object();
        const QJsonObject m = QJsonDocument::fromJson(seatmapBytes).object();
        page.load(event, v, m);
        paint();
    });
    report("open event (parse, build map, colour 60k, 1st frame)", open, 1000);

    view->fitToContent();
    const double fitScale = view->zoom()->scale();
    const QRectF content = page.scene()->contentRect();
    // A seat of this stadium is ~21 units across its radius: its size in pixels picks the LOD.
    std::printf("fit scale %.4f px/unit; seat radius at fit %.2f px\n", fitScale, 21 * fitScale);

    if (const QString dir = qEnvironmentVariable("BENCH_GRAB"); !dir.isEmpty()) {
        // Pictures of each level of detail, to look at: a few seats selected near the top.
        const QPointF top(content.center().x(), content.top() + content.height() * 0.06);
        QList<core::SeatRef> chosen;
        for (int dx = -3; dx <= 3; ++dx)
            if (const auto ref = page.scene()->seatAt(top + QPointF(dx * 50, 0)))
                chosen.append(*ref);
        page.scene()->setSelection(chosen);
        for (const double factor : {1.0, 2.5, 4.0, 8.0, 20.0, 60.0, 400.0}) {
            view->zoom()->setScale(fitScale * factor);
            const QPointF seat = chosen.isEmpty()
                                     ? top
                                     : page.scene()->venue().seat(chosen.first()).position;
            view->centerOn(factor == 1.0 ? content.center() : factor >= 20 ? seat : top);
            paint();
            const QString file = QStringLiteral("%1/seatmap-%2x.png").arg(dir).arg(factor);
            frame.save(file);
            std::printf("saved %s (seat radius %.1f px)\n",
                        qPrintable(file),
                        21 * fitScale * factor);
        }
        page.scene()->setSelection({});
    }

    QList<Frame> frames;
    auto record = [&](const QString &kind, const QString &where) {
        frames.append(timedFrame(kind, where, paint));
    };
    auto kindOf = [&](double factor) { return QStringLiteral("%1x fit").arg(factor, 0, 'g', 3); };
    for (int pass = 1; pass <= passes; ++pass) {
        // Jumps: fit, 6x and 30x at four places across the bowl, each followed by a small pan.
        for (int step = 0; step < 12; ++step) {
            const double factor = step < 4 ? 1.0 : step < 8 ? 6.0 : 30.0;
            view->fitToContent();
            view->scale(factor, factor);
            const QPointF centre(content.left() + content.width() * ((step % 4) + 0.5) / 4,
                                 content.center().y());
            view->centerOn(centre);
            const QString where = QStringLiteral("pass %1 jump %2").arg(pass).arg(step);
            record(QStringLiteral("jump to ") + kindOf(factor), where);
            view->centerOn(centre + QPointF(content.width() / 40, content.height() / 40));
            record(QStringLiteral("jump to ") + kindOf(factor), where + QStringLiteral(" + pan"));
        }
        // Wheel: zoom in step by step around a point of the bowl, then out again.
        view->fitToContent();
        const QPoint anchor = view->mapFromScene(
            QPointF(content.center().x(), content.top() + content.height() * 0.08));
        for (int step = 0; step < 32; ++step) {
            const bool in = step < 16;
            view->zoom()->zoomBy(in ? seatmap::ZoomController::kStep
                                    : 1 / seatmap::ZoomController::kStep,
                                 anchor);
            record(in ? QStringLiteral("wheel zoom in") : QStringLiteral("wheel zoom out"),
                   QStringLiteral("pass %1 step %2 scale %3x fit")
                       .arg(pass)
                       .arg(step)
                       .arg(view->zoom()->scale() / fitScale, 0, 'f', 1));
        }
        // Drag: 25 frames of 30 px each at middle and close zoom.
        for (const double factor : {1.0, 6.0, 30.0}) {
            view->fitToContent();
            view->zoom()->setScale(fitScale * factor);
            view->centerOn(QPointF(content.center().x() - content.width() * 0.3,
                                   content.top() + content.height() * 0.2));
            for (int step = 0; step < 25; ++step) {
                view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->value() + 30);
                view->verticalScrollBar()->setValue(view->verticalScrollBar()->value() + 10);
                record(QStringLiteral("drag pan at ") + kindOf(factor),
                       QStringLiteral("pass %1 step %2").arg(pass).arg(step));
            }
        }
    }
    summarise("pan/zoom frames, full viewport 1280x800", frames, 16);
    QList<double> all;
    for (const Frame &f : frames)
        all.append(f.ms);
    report("pan/zoom frame, median", percentile(all, 0.5), 16);
    report("pan/zoom frame, worst", percentile(all, 1.0), 16);

    // 1,000 changes per second: 60 frames of ~17 changes, each applied and painted, at a zoom
    // where seats are drawn, then at fit.
    auto *rng = QRandomGenerator::global();
    const QString statuses[] = {QStringLiteral("held"),
                                QStringLiteral("sold"),
                                QStringLiteral("available")};
    QList<Frame> changeFrames;
    for (const double factor : {4.0, 1.0, 30.0}) {
        view->fitToContent();
        view->scale(factor, factor);
        for (int f = 0; f < 60; ++f) {
            QList<client::SeatStatusChange> changes;
            for (int i = 0; i < 17; ++i)
                changes.append({ids.at(rng->bounded(int(ids.size()))), statuses[rng->bounded(3)]});
            changeFrames.append(timedFrame(QStringLiteral("17 changes + frame at ") + kindOf(factor),
                                           QStringLiteral("frame %1").arg(f),
                                           [&] {
                                               page.queueChanges(changes, false);
                                               page.flushPending();
                                               paint();
                                           }));
        }
    }
    summarise("1,000 changes/s in per-frame batches", changeFrames, 50);
    QList<double> changeMs;
    for (const Frame &f : changeFrames)
        changeMs.append(f.ms);
    report("1,000 changes/s, 17 per frame: frame median", percentile(changeMs, 0.5), 50);
    report("1,000 changes/s, 17 per frame: frame worst", percentile(changeMs, 1.0), 50);
    QList<client::SeatStatusChange> burst;
    for (int i = 0; i < 1000; ++i)
        burst.append({ids.at(rng->bounded(int(ids.size()))), statuses[rng->bounded(3)]});
    view->fitToContent();
    view->scale(4, 4);
    report("1,000 changes in one batch + frame",
           timed([&] {
               page.queueChanges(burst, false);
               page.flushPending();
               paint();
           }),
           50);
    if (QFile loadavg(QStringLiteral("/proc/loadavg")); loadavg.open(QIODevice::ReadOnly))
        std::printf("load average: %s", loadavg.readAll().constData());
    return 0;
}
