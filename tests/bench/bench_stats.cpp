// SPDX-License-Identifier: GPL-3.0-or-later
// The back office's figures of a 60,000-seat event with 5,400 seats held back (issue 27): time of
// GET /events/{id}/stats idle and while the counter sells about 1,000 seats a minute, next to a
// baseline run in the same process against the same database (one count of the event's
// inventory, the least any figure of every seat costs). Three rounds; min/median/max as ratios to
// the baseline's median. The box is shared, so the load average is printed.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_stats

#include "backoffice.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <pqxx/pqxx>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cstdio>

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

// ms of `count` stats reads, one every `everyMs`.
std::vector<double> readStats(const ServerProcess &server,
                              const QByteArray &path,
                              const QByteArray &token,
                              int count,
                              int everyMs)
{
    std::vector<double> out;
    for (int i = 0; i < count; ++i) {
        QElapsedTimer timer;
        timer.start();
        const HttpResponse answer = server.client().get(path, token);
        if (answer.status == 200)
            out.push_back(double(answer.elapsedUs) / 1000.0);
        const qint64 left = everyMs - timer.elapsed();
        if (left > 0)
            QThread::msleep(quint64(left));
    }
    return out;
}

// ms of the baseline: the event's seats counted by status, in this process.
std::vector<double> baseline(const std::string &url, const QString &eventId, int count)
{
    pqxx::connection connection{url};
    std::vector<double> out;
    for (int i = 0; i < count; ++i) {
        QElapsedTimer timer;
        timer.start();
        pqxx::nontransaction work{connection};
        work.exec_params("SELECT status, count(*) FROM inventory WHERE event_id = $1::uuid"
                         " GROUP BY 1",
                         eventId.toStdString());
        out.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return out;
}

void print(const char *what, const Spread &s, double base)
{
    std::printf("  %-36s min %7.1f  median %7.1f  max %7.1f ms   (x%.1f / x%.1f / x%.1f)\n",
                what,
                s.min,
                s.median,
                s.max,
                s.min / base,
                s.median / base,
                s.max / base);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
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
    // 20 sections x 50 rows x 60 seats = 60,000 seats.
    server.client().postRaw("/venues", venueJson(QStringLiteral("big"), 20, 50, 60, 0), manager);
    const QString eventId = server.client()
                                .post("/events", eventJson(QStringLiteral("big")), manager)
                                .json()
                                .value(u"id")
                                .toString();
    // 5,400 held back: section 20 and the first 40 rows of 19 (kills, house, an allocation).
    const struct
    {
        int section, rows;
        const char *kind;
    } backs[] = {{20, 50, "kill"}, {19, 20, "house"}, {19, 20, "allocation"}};
    int firstRow = 1;
    for (const auto &back : backs) {
        QJsonArray seats;
        for (int row = 0; row < back.rows; ++row)
            for (int n = 1; n <= 60; ++n)
                seats.append(
                    QStringLiteral("S%1-%2-%3").arg(back.section).arg(firstRow + row).arg(n));
        if (back.section == 19)
            firstRow += back.rows;
        QJsonObject body{{QStringLiteral("seats"), seats},
                         {QStringLiteral("kind"), QString::fromLatin1(back.kind)}};
        if (QByteArrayView(back.kind) == "allocation")
            body.insert(u"allocation", QStringLiteral("Promoter"));
        const auto answer = sendWithIfMatch(server.client(),
                                            "PUT",
                                            eventPath(eventId, "/holdbacks"),
                                            body,
                                            manager,
                                            {});
        if (answer.status != 200) {
            std::printf("hold back: %d %s\n", answer.status, answer.body.constData());
            return 1;
        }
    }
    const QByteArray path = eventPath(eventId, "/stats");
    const QJsonObject first = server.client().get(path, manager).json();
    std::printf("event: capacity %lld, held back %lld\n",
                first.value(u"capacity").toInteger(),
                first.value(u"held_back").toObject().value(u"kill").toInteger()
                    + first.value(u"held_back").toObject().value(u"house").toInteger()
                    + first.value(u"held_back").toObject().value(u"allocation").toInteger());

    for (int round = 1; round <= 3; ++round) {
        const Spread base = spread(baseline(server.databaseUrl(), eventId, 20));
        const Spread idle = spread(readStats(server, path, manager, 20, 0));
        // Four clerks sell a seat each about every 240 ms, about 1,000 a minute in all; each sale
        // is a hold and an order paid by card at the counter.
        std::atomic_bool stop = false;
        std::atomic_int sold = 0;
        std::vector<std::unique_ptr<QThread>> sellers;
        for (int t = 0; t < 4; ++t) {
            sellers.emplace_back(QThread::create([&, t, round] {
                const HttpClient http = server.client();
                int row = 1, seat = 1;
                while (!stop) {
                    QElapsedTimer pace;
                    pace.start();
                    const QString id
                        = QStringLiteral("S%1-%2-%3").arg(round * 4 + t).arg(row).arg(seat);
                    if (++seat > 60) {
                        seat = 1;
                        ++row;
                    }
                    // A clerk per seat: the per-buyer seat limit counts a clerk's sales too.
                    const QByteArray clerk = testToken(u"bench-clerk-"_qs + id,
                                                       QStringLiteral("clerk"));
                    const auto hold = http.post("/holds",
                                                QJsonObject{{QStringLiteral("event_id"), eventId},
                                                            {QStringLiteral("seats"),
                                                             QJsonArray{id}}},
                                                clerk);
                    const auto order
                        = http.post("/orders",
                                    QJsonObject{{QStringLiteral("hold_id"),
                                                 hold.json().value(u"hold_id")},
                                                {QStringLiteral("payment"),
                                                 QJsonObject{{QStringLiteral("method"),
                                                              QStringLiteral("card_present")},
                                                             {QStringLiteral("reference"),
                                                              QStringLiteral("B")}}}},
                                    clerk);
                    if (order.status == 201)
                        ++sold;
                    const qint64 left = 240 - pace.elapsed(); // ~4 a second per thread
                    if (left > 0)
                        QThread::msleep(quint64(left));
                }
            }));
            sellers.back()->start();
        }
        QElapsedTimer selling;
        selling.start();
        const Spread busy = spread(readStats(server, path, manager, 20, 1000));
        stop = true;
        for (auto &seller : sellers)
            seller->wait();
        const double perMinute = double(sold) * 60000.0 / double(selling.elapsed());
        std::printf("round %d (load %s): baseline (seats counted by status) median %.1f ms\n",
                    round,
                    loadAverage().constData(),
                    base.median);
        print("GET stats, idle", idle, base.median);
        print(qPrintable(QStringLiteral("GET stats, %1 sales/minute").arg(qRound(perMinute))),
              busy,
              base.median);
    }
    return 0;
}
