// Prints the box office's quality-bar figures for a 60,000-seat stadium (offscreen):
// open the event (< 1 s), pan/zoom frames (< 16 ms), 1,000 seat-status changes per second
// applied in per-frame batches (no frame over 50 ms).
// Run: QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_boxoffice
#include "salemapview.h"
#include "salepage.h"
#include "salesession.h"

#include <client/salesclient.h>
#include <client/wssession.h>
#include <core/stadiumgenerator.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/seatmapview.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPixmap>
#include <QRandomGenerator>

#include <algorithm>
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
    std::printf("%-52s %8.1f ms  (bar %4.0f ms) %s\n", what, ms, limit, ms <= limit ? "ok" : "SLOW");
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
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

    client::SalesClient client;
    client::WsSession ws;
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

    // Pan and zoom: frames at fit, mid and close zoom, panning across.
    QList<double> frames;
    view->fitToContent();
    const QRectF content = page.scene()->contentRect();
    for (int step = 0; step < 12; ++step) {
        const double factor = step < 4 ? 1.0 : step < 8 ? 6.0 : 30.0;
        view->fitToContent();
        view->scale(factor, factor);
        const QPointF centre(content.left() + content.width() * ((step % 4) + 0.5) / 4,
                             content.center().y());
        view->centerOn(centre);
        frames.append(timed(paint));
        view->centerOn(centre + QPointF(content.width() / 40, content.height() / 40));
        frames.append(timed(paint));
    }
    std::sort(frames.begin(), frames.end());
    report("pan/zoom frame, median", frames.at(frames.size() / 2), 16);
    report("pan/zoom frame, worst", frames.last(), 16);

    // 1,000 changes per second: 60 frames of ~17 changes, each applied and painted.
    view->fitToContent();
    view->scale(4, 4);
    auto *rng = QRandomGenerator::global();
    double worst = 0;
    double sum = 0;
    const QString statuses[] = {QStringLiteral("held"),
                                QStringLiteral("sold"),
                                QStringLiteral("available")};
    for (int f = 0; f < 60; ++f) {
        QList<client::SeatStatusChange> changes;
        for (int i = 0; i < 17; ++i)
            changes.append({ids.at(rng->bounded(int(ids.size()))), statuses[rng->bounded(3)]});
        const double ms = timed([&] {
            page.queueChanges(changes, false);
            page.flushPending();
            paint();
        });
        worst = std::max(worst, ms);
        sum += ms;
    }
    report("1,000 changes/s in 60 frames: frame mean", sum / 60, 50);
    report("1,000 changes/s in 60 frames: frame worst", worst, 50);
    QList<client::SeatStatusChange> burst;
    for (int i = 0; i < 1000; ++i)
        burst.append({ids.at(rng->bounded(int(ids.size()))), statuses[rng->bounded(3)]});
    report("1,000 changes in one batch + frame",
           timed([&] {
               page.queueChanges(burst, false);
               page.flushPending();
               paint();
           }),
           50);
    return 0;
}
