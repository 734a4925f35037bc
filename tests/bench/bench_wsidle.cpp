// SPDX-License-Identifier: GPL-3.0-or-later
// Waiting fans per instance (issue 31 item 3): what N idle WebSocket connections watching one
// seat map (fans not signed in) cost the server, next to baselines in the same run:
//   - memory: the server's resident set with the N watchers against the same server before
//     they came (per connection = the difference / N; the goal is at most 20 KB);
//   - CPU: the server's CPU seconds for the same stream of seat changes (holds of 10 seats and
//     their releases, `--changes` per second) with the N watchers and with none.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_wsidle --connections 20000
// The clients are minimal epoll clients in this process (wsloadclients.h), from 127.0.0.1 and,
// past 25,000 connections, 127.0.0.2 and up (the loopback's ephemeral ports, about 28,000 per
// source address). Both processes need an open-files limit above the connections: the bench
// raises its soft limit to the hard one (the server inherits it) and says when that is short.

#include "benchmisc.h"
#include "processcpu.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"
#include "wsloadclients.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

using namespace boxoffice::test;

namespace {

// Resident set of `pid` in KiB (VmRSS).
qint64 residentKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return 0;
}

// Holds 10 seats and releases them, over and over, for `seconds` at `changesPerSecond` seat
// changes (each hold and each release changes 10 seats), `drivers` holds at once (each on its
// own connection and row, then their releases at once: one request at a time reached only
// ~500 changes/s); the server's CPU seconds meanwhile.
struct ChangeRun
{
    int changes = 0;
    double cpuSeconds = 0;
    double wallSeconds = 0;
};

ChangeRun runChanges(const ServerProcess &server,
                     const QString &eventId,
                     int changesPerSecond,
                     int seconds,
                     int drivers)
{
    // A fan per driver: one fan may hold at most 100 seats of an event.
    QList<QByteArray> fans;
    for (int d = 0; d < drivers; ++d)
        fans.append(testToken(QStringLiteral("idle-bench-fan-%1").arg(d)));
    const double cpuBefore = processCpuSeconds(server.pid());
    QElapsedTimer clock;
    clock.start();
    ChangeRun run;
    int round = 0;
    while (clock.elapsed() < seconds * 1000) {
        QList<HttpRequest> holds;
        for (int d = 0; d < drivers; ++d) {
            QJsonArray seats;
            const int row = 1 + (round * drivers + d) % 40;
            for (int n = 1; n <= 10; ++n)
                seats.append(QStringLiteral("S1-%1-%2").arg(row).arg(n));
            const QJsonObject body{{QStringLiteral("event_id"), eventId},
                                   {QStringLiteral("seats"), seats}};
            holds.append(HttpClient::request("POST",
                                             "/holds",
                                             QJsonDocument(body).toJson(QJsonDocument::Compact),
                                             fans[d]));
        }
        ++round;
        QList<HttpRequest> releases;
        const QList<HttpResponse> answers = server.client().concurrently(holds);
        for (int d = 0; d < int(answers.size()); ++d) {
            if (answers[d].status != 201) {
                std::printf("hold refused: %d %s\n", answers[d].status, answers[d].body.constData());
                continue;
            }
            releases.append(
                HttpClient::request("DELETE",
                                    "/holds/"
                                        + answers[d].json().value(u"hold_id").toString().toLatin1(),
                                    {},
                                    fans[d]));
        }
        if (releases.isEmpty())
            break;
        server.client().concurrently(releases);
        run.changes += 20 * int(releases.size());
        // Paced: the next round when the schedule says so.
        const qint64 due = qint64(run.changes) * 1000 / changesPerSecond;
        if (due > clock.elapsed())
            spin(int(due - clock.elapsed()));
    }
    run.wallSeconds = double(clock.elapsed()) / 1000.0;
    run.cpuSeconds = processCpuSeconds(server.pid()) - cpuBefore;
    return run;
}

// The open-files limit now (both this process and the server it starts hold one descriptor
// per connection).
rlim_t fileLimit()
{
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    return limit.rlim_cur;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("connections"),
                        QStringLiteral("Idle WebSocket connections watching the map."),
                        QStringLiteral("n"),
                        QStringLiteral("20000")},
                       {QStringLiteral("changes"),
                        QStringLiteral("Seat changes per second while they watch."),
                        QStringLiteral("n"),
                        QStringLiteral("1000")},
                       {QStringLiteral("seconds"),
                        QStringLiteral("How long each change run lasts."),
                        QStringLiteral("s"),
                        QStringLiteral("10")},
                       {QStringLiteral("client-threads"),
                        QStringLiteral("Threads of the epoll clients."),
                        QStringLiteral("n"),
                        QStringLiteral("2")},
                       {QStringLiteral("drivers"),
                        QStringLiteral("Holds of the change stream sent at once."),
                        QStringLiteral("n"),
                        QStringLiteral("10")},
                       {QStringLiteral("addresses"),
                        QStringLiteral("Client source addresses, 127.0.0.1 and up (0: one per "
                                       "25,000 connections)."),
                        QStringLiteral("n"),
                        QStringLiteral("0")}});
    parser.process(app);
    const int connections = parser.value(QStringLiteral("connections")).toInt();
    const int changes = std::max(20, parser.value(QStringLiteral("changes")).toInt());
    const int seconds = std::max(1, parser.value(QStringLiteral("seconds")).toInt());
    const int threads = parser.value(QStringLiteral("client-threads")).toInt();
    const int drivers = std::clamp(parser.value(QStringLiteral("drivers")).toInt(), 1, 40);
    int addresses = parser.value(QStringLiteral("addresses")).toInt();
    if (addresses <= 0)
        addresses = (connections + 24999) / 25000;
    raiseFileLimit(); // the server process inherits it
    // A few hundred descriptors for everything else (database pool, Redis, listeners, logs).
    if (rlim_t(connections) + 500 > fileLimit()) {
        std::printf("open-files limit %llu (hard) is below %d connections + 500: raise it "
                    "(ulimit -Hn as root, or LimitNOFILE) or ask for fewer connections\n",
                    static_cast<unsigned long long>(fileLimit()),
                    connections);
        return 2;
    }
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_BUILD_DIR"))
        qputenv("BOXOFFICE_BUILD_DIR", QCoreApplication::applicationDirPath().toUtf8() + "/../..");
    const QString plenty = QStringLiteral("1000000");
    ServerProcess server(adminUrl,
                         {},
                         {{QStringLiteral("BOXOFFICE_WS_WATCHERS_PER_ADDRESS"), plenty},
                          {QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"), plenty},
                          {QStringLiteral("BOXOFFICE_RATE_USER_BURST"), plenty},
                          {QStringLiteral("BOXOFFICE_RATE_IP_PER_MINUTE"), plenty},
                          {QStringLiteral("BOXOFFICE_RATE_IP_BURST"), plenty}});
    if (!server.isRunning())
        return 1;
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    server.client().postRaw("/venues", venueJson(QStringLiteral("idle"), 1, 40, 10, 0), manager);
    const QString eventId = server.client()
                                .post("/events",
                                      eventJson(QStringLiteral("idle"), 600, 100, 100),
                                      manager)
                                .json()
                                .value(u"id")
                                .toString();
    std::printf("server: one instance, %s; clients: %d epoll clients on %d threads in this process "
                "from %d address(es), open-files limit %llu; changes: %d holds at once (load "
                "average %s)\n",
                qPrintable(server.client().get("/readyz").status == 200
                               ? QStringLiteral("ready")
                               : QStringLiteral("not ready")),
                connections,
                threads,
                addresses,
                static_cast<unsigned long long>(fileLimit()),
                drivers,
                loadAverage().constData());

    // Baseline: the server warmed up by the same change stream, nobody watching.
    runChanges(server, eventId, changes, 2, drivers);
    spin(1000);
    const qint64 rssAlone = residentKiB(server.pid());
    const ChangeRun alone = runChanges(server, eventId, changes, seconds, drivers);

    const QByteArray subscribe
        = QStringLiteral(
              "{\"id\":1,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"%1\"}")
              .arg(eventId)
              .toUtf8();
    WsLoadClients clients(server.port(), QByteArray(), threads, addresses);
    QElapsedTimer waited;
    waited.start();
    const int opened = clients.open(connections, subscribe);
    const double openSeconds = double(waited.elapsed()) / 1000.0;
    while (clients.snapshots() < opened && waited.elapsed() < qint64(openSeconds * 1000) + 180000)
        spin(100);
    const int watching = clients.snapshots();
    spin(2000); // buffers settled
    const qint64 rssWatched = residentKiB(server.pid());
    const qint64 deltasBefore = clients.deltas();
    const ChangeRun watched = runChanges(server, eventId, changes, seconds, drivers);
    spin(1000);
    const qint64 deltas = clients.deltas() - deltasBefore;
    const size_t receipts = clients.receiptCount();
    clients.stop();

    const double perConnection = watching > 0 ? double(rssWatched - rssAlone) / watching : 0;
    std::printf("watchers: %d of %d subscribed, snapshot received, after %.1f s (%d upgraded in "
                "the first %.1f s; "
                "anonymous, one event)\n",
                watching,
                connections,
                double(waited.elapsed()) / 1000.0,
                opened,
                openSeconds);
    std::printf("memory: server RSS %.1f MiB alone, %.1f MiB with them: x%.2f; %.1f KiB per "
                "connection (goal <= 20 KB)\n",
                double(rssAlone) / 1024,
                double(rssWatched) / 1024,
                rssAlone > 0 ? double(rssWatched) / double(rssAlone) : 0,
                perConnection);
    const double cpuAlone = alone.cpuSeconds / alone.wallSeconds;
    const double cpuWatched = watched.cpuSeconds / watched.wallSeconds;
    std::printf("cpu: %d seat changes in %.1f s (%.0f/s; %.0f/s alone): server %.2f CPU s/s alone, "
                "%.2f with the watchers: x%.2f; %.2f CPU us more per delta frame a watcher got\n",
                watched.changes,
                watched.wallSeconds,
                watched.changes / watched.wallSeconds,
                alone.changes / alone.wallSeconds,
                cpuAlone,
                cpuWatched,
                cpuAlone > 0 ? cpuWatched / cpuAlone : 0,
                deltas > 0
                    ? (watched.cpuSeconds - cpuAlone * watched.wallSeconds) * 1e6 / double(deltas)
                    : 0);
    std::printf("deltas: %lld frames received (%.0f per watcher), %zu with a held seat; %lld "
                "snapshots again after a congestion\n",
                static_cast<long long>(deltas),
                watching > 0 ? double(deltas) / watching : 0,
                receipts,
                static_cast<long long>(clients.resnapshots()));
    std::printf("load average after: %s\n", loadAverage().constData());
    return watching == connections ? 0 : 1;
}
