// SPDX-License-Identifier: GPL-3.0-or-later
// Door scanning figures (#16): a scan answered online (target < 100 ms), decided offline
// (< 10 ms), and 10,000 journaled scans synced (< 10 s), each over 3 rounds (min/median/max).
// Online and sync go through the door's own code (DoorStation) against a real server; offline
// the server is gone and DoorStation checks signatures and its SQLite journal.
// Run: eval "$(scripts/services env)"; QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_scan
#include "door/doorstation.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr int kOnlineScans = 300;
constexpr int kOfflineScans = 1000;
constexpr int kSyncScans = 10000;

struct Figures
{
    double p50 = 0, p95 = 0, max = 0;
};

Figures figures(QList<double> values)
{
    std::sort(values.begin(), values.end());
    if (values.isEmpty())
        return {};
    return {values[values.size() / 2], values[int(values.size() * 0.95)], values.last()};
}

QString line(QList<double> rounds)
{
    std::sort(rounds.begin(), rounds.end());
    return QStringLiteral("min %1  median %2  max %3")
        .arg(rounds.first(), 0, 'f', 2)
        .arg(rounds[rounds.size() / 2], 0, 'f', 2)
        .arg(rounds.last(), 0, 'f', 2);
}

// GA tickets of one event sold at the counter, 50 per order (a hold takes 50 at most; one
// clerk per order): `count` codes.
QStringList sellGa(ServerProcess &server, const QString &eventId, int count)
{
    static int clerks = 0;
    QStringList codes;
    while (codes.size() < count) {
        const int chunk = std::min(50, int(count - codes.size()));
        const QByteArray clerk = testToken(QStringLiteral("bench-clerk-%1").arg(++clerks),
                                           QStringLiteral("clerk"));
        const auto hold = server.client().post("/holds",
                                               {{QStringLiteral("event_id"), eventId},
                                                {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                                {QStringLiteral("quantity"), chunk}},
                                               clerk);
        const auto order = server.client().post(
            "/orders",
            {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
             {QStringLiteral("payment"),
              QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                          {QStringLiteral("reference"), QStringLiteral("BENCH")}}}},
            clerk);
        const QJsonArray tickets = order.json().value(u"tickets").toArray();
        if (tickets.size() != chunk)
            qFatal("sale of %d GA tickets failed: %s %s",
                   chunk,
                   hold.body.left(300).constData(),
                   order.body.left(300).constData());
        for (const QJsonValue &t : tickets)
            codes.append(t[u"code"].toString());
    }
    return codes;
}

QString createEvent(ServerProcess &server, int round, int capacity)
{
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    const QString venue = QStringLiteral("bench-door-%1").arg(round);
    server.client().postRaw("/venues", venueJson(venue, 1, 2, 2, capacity), manager);
    QJsonObject event = eventJson(venue, 600, 1000, 3);
    return server.client().post("/events", event, manager).json().value(u"id").toString();
}

app::DoorStation *door(const QString &journal, quint16 port, const QString &eventId)
{
    auto *station = new app::DoorStation(journal);
    station->client().setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
    station->client().setAccessToken(
        QString::fromLatin1(testToken(QStringLiteral("bench-door"), QStringLiteral("door"))));
    QSignalSpy listed(station, &app::DoorStation::listUpdated);
    station->start(eventId, QStringLiteral("A"), QStringLiteral("bench"));
    listed.wait(10000);
    return station;
}

// Scans every code at `station`, one after the other; per-scan milliseconds.
QList<double> scanAll(app::DoorStation &station, const QStringList &codes)
{
    QList<double> ms;
    for (const QString &code : codes) {
        QSignalSpy decided(&station, &app::DoorStation::verdict);
        station.scan(code);
        if (decided.isEmpty() && !decided.wait(10000))
            qFatal("no verdict");
        ms.append(decided.first().first().value<app::DoorVerdict>().elapsedUs / 1000.0);
    }
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    qRegisterMetaType<app::DoorVerdict>();
    QTemporaryDir dir;
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    const quint16 port = probe.serverPort();
    probe.close();
    ServerProcess server(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                         {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)});
    if (!server.isRunning())
        qFatal("server did not start");
    QList<double> online, offline, sync;
    for (int round = 1; round <= 3; ++round) {
        const QString eventId = createEvent(server,
                                            round,
                                            kSyncScans + kOnlineScans + kOfflineScans);
        QStringList codes = sellGa(server, eventId, kOnlineScans + kOfflineScans);
        const QStringList syncCodes = sellGa(server, eventId, kSyncScans);
        std::unique_ptr<app::DoorStation> station(
            door(dir.filePath(QStringLiteral("round%1.sqlite").arg(round)), port, eventId));
        const Figures on = figures(scanAll(*station, codes.mid(0, kOnlineScans)));
        std::printf("round %d online  (%d scans): p50 %.2f ms  p95 %.2f ms  max %.2f ms\n",
                    round,
                    kOnlineScans,
                    on.p50,
                    on.p95,
                    on.max);
        online.append(on.p95);

        server.kill();
        scanAll(*station, {codes[kOnlineScans]}); // the scan that finds the server gone
        const Figures off = figures(scanAll(*station, codes.mid(kOnlineScans + 1)));
        std::printf("round %d offline (%d scans): p50 %.3f ms  p95 %.3f ms  max %.3f ms\n",
                    round,
                    kOfflineScans - 1,
                    off.p50,
                    off.p95,
                    off.max);
        offline.append(off.p95);
        scanAll(*station, syncCodes);

        // Server back: the journal (10,000 + the offline ones) syncs in batches of 500.
        if (!server.start(port))
            qFatal("server did not restart");
        QElapsedTimer timer;
        timer.start();
        station->refresh();
        while (station->pendingSync() > 0 && timer.elapsed() < 120000)
            QTest::qWait(5);
        const double seconds = timer.elapsed() / 1000.0;
        std::printf("round %d sync: %d scans in %.2f s\n",
                    round,
                    kSyncScans + kOfflineScans,
                    seconds);
        sync.append(seconds);
    }
    std::printf("online  p95 per round (ms): %s\n", qPrintable(line(online)));
    std::printf("offline p95 per round (ms): %s\n", qPrintable(line(offline)));
    std::printf("sync of %d scans (s):     %s\n",
                kSyncScans + kOfflineScans,
                qPrintable(line(sync)));
    return 0;
}
