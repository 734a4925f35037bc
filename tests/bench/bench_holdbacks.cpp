// SPDX-License-Identifier: GPL-3.0-or-later
// The frame time of the manager's hold-back map (issue 27): a 60,000-seat stadium with 5,000 seats
// held back (3,000 kills, 1,000 house seats, 1,000 in an allocation, spread over the bowl and
// painted with their marks) against the same map in the same process with nothing held back.
// Each pass paints the same frames in both (fit, 6x and 30x at four places, each with a small
// pan, in the stands), alternating the two maps so that a busy machine slows both alike; prints min / median /
// max per map and as ratios to the baseline.
// Run: QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_holdbacks [passes]
// (BENCH_GRAB=dir saves both maps at each zoom.)
#include "manage/holdbackspage.h"
#include "salemapview.h"

#include <client/httptransport.h>
#include <core/stadiumgenerator.h>
#include <core/venuewriter.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/zoomcontroller.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPixmap>

#include <algorithm>
#include <cstdio>

using namespace boxoffice;

namespace {

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values.at(
        qBound(qsizetype(0), qsizetype(p * double(values.size() - 1)), values.size() - 1));
}

struct Map
{
    client::HttpTransport transport; ///< no base URL: the page asks no server
    app::HoldbacksPage page{&transport};
    QPixmap frame;
    QList<double> ms;
    QHash<double, QList<double>> byZoom;

    void paint(double zoom)
    {
        QElapsedTimer timer;
        timer.start();
        page.view()->viewport()->render(&frame);
        ms.append(timer.nsecsElapsed() / 1e6);
        byZoom[zoom].append(ms.last());
    }
};

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const int passes = argc > 1 ? qBound(1, QByteArray(argv[1]).toInt(), 50) : 5;
    const core::Venue venue = core::StadiumGenerator::generate(60000);
    const QJsonObject venueJson = QJsonDocument::fromJson(core::VenueWriter::write(venue)).object();
    QJsonArray categories;
    for (const core::Category &c : venue.categories)
        categories.append(QJsonObject{{QStringLiteral("id"), c.id},
                                      {QStringLiteral("name"), c.name},
                                      {QStringLiteral("color"), c.colour.name()},
                                      {QStringLiteral("price_cents"), 4500}});
    const QJsonObject event{{QStringLiteral("id"), QStringLiteral("bench")},
                            {QStringLiteral("title"), QStringLiteral("Stadium night")},
                            {QStringLiteral("starts_at"), QStringLiteral("2030-06-01T20:00:00Z")},
                            {QStringLiteral("categories"), categories}};
    // Both maps: every 7th seat sold; the held-back one also has every 12th seat held back
    // (blocked on the public map), by turns kill, kill, kill, house, allocation.
    QJsonArray plain;
    QJsonArray blocked;
    QJsonArray items;
    int n = 0;
    venue.forEachSeat([&](const core::Section &, const core::Row &, const core::Seat &seat, auto) {
        ++n;
        const bool back = n % 12 == 0 && items.size() < 5000;
        const QString status = n % 7 == 0 ? QStringLiteral("sold") : QStringLiteral("available");
        plain.append(
            QJsonObject{{QStringLiteral("id"), seat.id}, {QStringLiteral("status"), status}});
        blocked.append(
            QJsonObject{{QStringLiteral("id"), seat.id},
                        {QStringLiteral("status"), back ? QStringLiteral("blocked") : status}});
        if (!back)
            return;
        const int turn = int(items.size()) % 5;
        const QString kind = turn < 3    ? QStringLiteral("kill")
                             : turn == 3 ? QStringLiteral("house")
                                         : QStringLiteral("allocation");
        items.append(QJsonObject{{QStringLiteral("seat_id"), seat.id},
                                 {QStringLiteral("kind"), kind},
                                 {QStringLiteral("allocation"),
                                  turn == 4 ? QJsonValue(QStringLiteral("Press")) : QJsonValue()}});
    });
    const QJsonObject allocations{{QStringLiteral("items"), items},
                                  {QStringLiteral("allocations"),
                                   QJsonArray{
                                       QJsonObject{{QStringLiteral("name"), QStringLiteral("Press")},
                                                   {QStringLiteral("seats"), 1000},
                                                   {QStringLiteral("counter_sale"), false}}}}};
    std::printf("venue: %lld seats; held back: %lld\n",
                qlonglong(venue.seatCount()),
                qlonglong(items.size()));
    if (QFile loadavg(QStringLiteral("/proc/loadavg")); loadavg.open(QIODevice::ReadOnly))
        std::printf("load average: %s", loadavg.readAll().constData());

    Map base;
    Map held;
    base.page.load(event,
                   venueJson,
                   {{QStringLiteral("version"), 1}, {QStringLiteral("seats"), plain}},
                   {{QStringLiteral("items"), QJsonArray()}});
    held.page.load(event,
                   venueJson,
                   {{QStringLiteral("version"), 1}, {QStringLiteral("seats"), blocked}},
                   allocations);
    for (Map *map : {&base, &held}) {
        map->page.resize(1280, 800);
        map->page.show();
        QCoreApplication::processEvents();
        map->frame = QPixmap(map->page.view()->viewport()->size());
    }
    const QRectF content = base.page.scene()->contentRect();
    auto place = [&](Map &map, double factor, int where, bool pan) {
        app::SaleMapView *view = map.page.view();
        view->fitToContent();
        view->scale(factor, factor);
        // Four places in the stands (the middle of the bowl is the pitch).
        QPointF centre(content.left() + content.width() * (where + 0.5) / 4,
                       content.top() + content.height() * (where % 2 ? 0.92 : 0.08));
        if (pan)
            centre += QPointF(content.width() / 40, content.height() / 40);
        view->centerOn(centre);
    };
    if (const QString dir = qEnvironmentVariable("BENCH_GRAB"); !dir.isEmpty()) {
        for (const double factor : {1.0, 6.0, 30.0})
            for (Map *map : {&base, &held}) {
                place(*map, factor, 1, false);
                map->page.view()->viewport()->render(&map->frame);
                map->frame.save(QStringLiteral("%1/holdbacks-%2-%3x.png")
                                    .arg(dir, map == &base ? u"base"_qs : u"held"_qs)
                                    .arg(factor));
            }
    }
    // Warm-up: the first paint of each zoom renders its seat stamps; not counted.
    for (Map *map : {&base, &held})
        for (const double factor : {1.0, 6.0, 30.0}) {
            place(*map, factor, 0, false);
            map->page.view()->viewport()->render(&map->frame);
        }
    for (int pass = 0; pass < passes; ++pass)
        for (const double factor : {1.0, 6.0, 30.0})
            for (int where = 0; where < 4; ++where)
                for (const bool pan : {false, true})
                    for (Map *map : {&base, &held}) {
                        place(*map, factor, where, pan);
                        map->paint(factor);
                    }
    const auto line = [](const QByteArray &name, const QList<double> &ms) {
        std::printf("%-32s frames %4lld  min %6.2f  median %6.2f  max %6.2f ms\n",
                    name.constData(),
                    qlonglong(ms.size()),
                    percentile(ms, 0),
                    percentile(ms, 0.5),
                    percentile(ms, 1));
    };
    for (const double factor : {1.0, 6.0, 30.0}) {
        const QByteArray zoom = QByteArray::number(factor) + "x fit, ";
        line(zoom + "nothing held back", base.byZoom.value(factor));
        line(zoom + "5,000 held back", held.byZoom.value(factor));
        const QList<double> &b = base.byZoom[factor];
        const QList<double> &h = held.byZoom[factor];
        std::printf("%-32s             min %6.2f  median %6.2f  max %6.2f\n",
                    QByteArray(zoom + "ratio held/baseline").constData(),
                    percentile(h, 0) / percentile(b, 0),
                    percentile(h, 0.5) / percentile(b, 0.5),
                    percentile(h, 1) / percentile(b, 1));
    }
    line("all, nothing held back", base.ms);
    line("all, 5,000 held back", held.ms);
    std::printf("ratio held/baseline, all                     min %6.2f  median %6.2f  max %6.2f\n",
                percentile(held.ms, 0) / percentile(base.ms, 0),
                percentile(held.ms, 0.5) / percentile(base.ms, 0.5),
                percentile(held.ms, 1) / percentile(base.ms, 1));
    return 0;
}
