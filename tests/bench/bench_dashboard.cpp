// SPDX-License-Identifier: GPL-3.0-or-later
// The back office's sales dashboard on a 60,000-seat event (issue 27): time from a stats
// request to the dashboard painted (figures, both charts, both tables), idle and while the
// counter sells about 1,000 seats a minute (the dashboard refreshing by itself from the
// WebSocket's deltas, at most once a second). Baseline, in the same process on the same
// transport: GET /events/{id}/stats alone (request to answer parsed). min/median/max as ratios
// to the baseline's median; the load average is printed, the box being shared.
//   eval "$(scripts/services env)"; QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_dashboard

#include "backoffice.h"
#include "manage/dashboardpage.h"
#include "manage/statsfeed.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <client/httptransport.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <cstdio>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray("?");
}

struct Spread
{
    double min = 0, median = 0, max = 0;
};

Spread spread(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    if (values.empty())
        return {};
    return {values.front(), values[values.size() / 2], values.back()};
}

void print(const char *what, const Spread &s, double base, size_t n)
{
    std::printf("  %-40s n=%-3zu min %7.1f  median %7.1f  max %7.1f ms   (x%.2f / x%.2f / x%.2f)\n",
                what,
                n,
                s.min,
                s.median,
                s.max,
                s.min / base,
                s.median / base,
                s.max / base);
}

// Spins the event loop until `done` or `ms` passed.
template<typename Done>
bool waitFor(Done done, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

// ms of `count` GET /events/{id}/stats on `transport`, one after the other.
std::vector<double> baseline(client::HttpTransport &transport, const QString &path, int count)
{
    std::vector<double> out;
    for (int i = 0; i < count; ++i) {
        QElapsedTimer timer;
        timer.start();
        bool answered = false;
        transport.call("GET", path, {}, {}, [&](const client::ApiResult &r) {
            if (r.ok())
                out.push_back(double(timer.nsecsElapsed()) / 1e6);
            answered = true;
        });
        waitFor([&] { return answered; }, 20000);
    }
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_BUILD_DIR"))
        qputenv("BOXOFFICE_BUILD_DIR", QCoreApplication::applicationDirPath().toUtf8() + "/../..");
    std::printf("load average at start: %s\n", loadAverage().constData());
    ServerProcess server(adminUrl);
    if (!server.isRunning())
        return 1;
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    // 20 sections x 50 rows x 60 seats = 60,000 seats; section 20 killed (3,000 held back).
    server.client().postRaw("/venues", venueJson(QStringLiteral("big"), 20, 50, 60, 0), manager);
    const QString eventId = server.client()
                                .post("/events",
                                      eventJson(QStringLiteral("big"), 600, 1000, 10),
                                      manager)
                                .json()
                                .value(u"id")
                                .toString();
    QJsonArray kills;
    for (int row = 1; row <= 50; ++row)
        for (int n = 1; n <= 60; ++n)
            kills.append(QStringLiteral("S20-%1-%2").arg(row).arg(n));
    const auto held = sendWithIfMatch(server.client(),
                                      "PUT",
                                      eventPath(eventId, "/holdbacks"),
                                      {{QStringLiteral("seats"), kills},
                                       {QStringLiteral("kind"), QStringLiteral("kill")}},
                                      manager,
                                      {});
    if (held.status != 200) {
        std::printf("hold back: %d %s\n", held.status, held.body.constData());
        return 1;
    }

    client::HttpTransport transport;
    transport.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port())));
    transport.setAccessToken(QString::fromLatin1(manager));
    app::DashboardPage page(&transport);
    page.resize(1280, 720);
    page.show();
    page.openEvent(eventId);
    app::StatsFeed *feed = page.feed();
    if (!waitFor([&] { return page.figures().eventId == eventId; }, 30000)) {
        std::printf("the dashboard never showed the event\n");
        return 1;
    }
    // Request to painted: the clock starts with the request, stops once repaint() returned.
    QElapsedTimer sinceRequest;
    std::vector<double> *samples = nullptr;
    std::vector<double> paints;
    QObject::connect(feed, &app::StatsFeed::requestStarted, [&] { sinceRequest.start(); });
    QObject::connect(&page, &app::DashboardPage::figuresShown, [&] {
        QElapsedTimer paint;
        paint.start();
        page.repaint();
        if (samples) {
            samples->push_back(double(sinceRequest.nsecsElapsed()) / 1e6);
            paints.push_back(double(paint.nsecsElapsed()) / 1e6);
        }
    });
    const QString path = u"/events/" + eventId + u"/stats";

    const Spread base = spread(baseline(transport, path, 20));
    // Idle: 20 refreshes one after the other (no spacing).
    std::vector<double> idle;
    samples = &idle;
    feed->setSpacing(0);
    for (int i = 0; i < 20; ++i) {
        const int shown = page.timesShown();
        feed->refresh();
        waitFor([&] { return page.timesShown() > shown; }, 20000);
    }
    const Spread idlePaint = spread(paints);
    paints.clear();
    feed->setSpacing(1000);
    // Busy: four clerks sell a seat each about every 240 ms, ~1,000 a minute in all, for 30 s;
    // the dashboard refreshes by itself.
    std::vector<double> busy;
    samples = &busy;
    const int requestsBefore = feed->requestsSent();
    std::atomic_bool stop = false;
    std::atomic_int sold = 0;
    std::vector<std::unique_ptr<QThread>> sellers;
    for (int t = 0; t < 4; ++t) {
        sellers.emplace_back(QThread::create([&, t] {
            const HttpClient http = server.client();
            // A clerk each: a clerk's seats count against the event's per-buyer limit too.
            const QByteArray clerk = testToken(QStringLiteral("bench-clerk-%1").arg(t),
                                               QStringLiteral("clerk"));
            int row = 1, seat = 1;
            while (!stop) {
                QElapsedTimer pace;
                pace.start();
                const QString id = QStringLiteral("S%1-%2-%3").arg(t + 1).arg(row).arg(seat);
                if (++seat > 60) {
                    seat = 1;
                    ++row;
                }
                const auto hold = http.post("/holds",
                                            QJsonObject{{QStringLiteral("event_id"), eventId},
                                                        {QStringLiteral("seats"), QJsonArray{id}}},
                                            clerk);
                const auto order = http.post(
                    "/orders",
                    QJsonObject{{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                                {QStringLiteral("payment"),
                                 QJsonObject{{QStringLiteral("method"),
                                              QStringLiteral("card_present")},
                                             {QStringLiteral("reference"), QStringLiteral("B")}}}},
                    clerk);
                if (order.status == 201)
                    ++sold;
                const qint64 left = 240 - pace.elapsed();
                if (left > 0)
                    QThread::msleep(quint64(left));
            }
        }));
        sellers.back()->start();
    }
    QElapsedTimer selling;
    selling.start();
    waitFor([] { return false; }, 30000);
    // The baseline under the same sales: the dashboard closed, the request alone once a second.
    feed->setActive(false);
    waitFor([&] { return !feed->isBusy(); }, 5000);
    const int requests = feed->requestsSent() - requestsBefore;
    std::vector<double> busyBase;
    for (int i = 0; i < 15; ++i) {
        QElapsedTimer pace;
        pace.start();
        const std::vector<double> one = baseline(transport, path, 1);
        busyBase.insert(busyBase.end(), one.begin(), one.end());
        waitFor([] { return false; }, int(std::max<qint64>(0, 1000 - pace.elapsed())));
    }
    stop = true;
    for (auto &seller : sellers)
        seller->wait();
    const double perMinute = double(sold) * 60000.0 / double(selling.elapsed());
    const Spread busyBaseline = spread(busyBase);
    std::printf("load %s: %d sold, the dashboard made %d stats requests in 30 s\n",
                loadAverage().constData(),
                int(sold),
                requests);
    std::printf(" idle, ratios to GET stats alone (median %.1f ms):\n", base.median);
    print("GET stats alone", base, base.median, 20);
    print("dashboard request to painted", spread(idle), base.median, idle.size());
    print("  of which repaint()", idlePaint, base.median, idle.size());
    std::printf(" %d sales/minute, ratios to GET stats alone under them (median %.1f ms):\n",
                qRound(perMinute),
                busyBaseline.median);
    print("GET stats alone", busyBaseline, busyBaseline.median, busyBase.size());
    print("dashboard request to painted", spread(busy), busyBaseline.median, busy.size());
    print("  of which repaint()", spread(paints), busyBaseline.median, paints.size());
    return 0;
}
