// SPDX-License-Identifier: GPL-3.0-or-later
// Seat-map snapshot of a 60,000-seat event: time and bytes of GET /events/{id}/seatmap and of
// the WebSocket snapshot. Kinds: scan (an event's first build, reading every seat's layout; done
// in the background at event creation), build (cold: the stored template + one status string
// from PostgreSQL; a restarted server's warm-up), patch (the cached map moved one version),
// cached. Server time is the server's own boxoffice_seatmap_snapshot_seconds; loopback time
// includes the transfer. Three runs each, medians; the box is shared, so the load is printed.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_seatmap

#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QTimer>

#include <pqxx/pqxx>
#include <QWebSocket>

#include <algorithm>
#include <cstdio>

using namespace boxoffice::test;

namespace {

// sum and count of boxoffice_seatmap_snapshot_seconds{kind="<kind>"}
std::pair<double, double> serverTime(const ServerProcess &server, const char *kind)
{
    const QByteArray text = server.client().get("/metrics").body;
    const QByteArray labels = QByteArray("{kind=\"") + kind + "\"} ";
    double sum = 0, count = 0;
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(QByteArray("boxoffice_seatmap_snapshot_seconds_sum" + labels)))
            sum = line.mid(line.lastIndexOf(' ') + 1).toDouble();
        if (line.startsWith(QByteArray("boxoffice_seatmap_snapshot_seconds_count" + labels)))
            count = line.mid(line.lastIndexOf(' ') + 1).toDouble();
    }
    return {sum, count};
}

// One GET and the server time of its `kind` (ms; -1 when the GET was of another kind).
std::pair<double, double> timedGet(const ServerProcess &server,
                                   const QByteArray &path,
                                   const char *kind,
                                   qsizetype *bytes)
{
    const auto before = serverTime(server, kind);
    const auto response = server.client().get(path);
    const auto after = serverTime(server, kind);
    *bytes = response.body.size();
    return {double(response.elapsedUs) / 1000.0,
            after.second == before.second + 1 ? (after.first - before.first) * 1000 : -1};
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

QByteArray loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray("?");
}

void pause(int ms)
{
    QEventLoop wait;
    QTimer::singleShot(ms, &wait, &QEventLoop::quit);
    wait.exec();
}

// Waits until the server observed `count` snapshots of `kind`; their total server time (ms).
double waitFor(const ServerProcess &server, const char *kind, double count)
{
    QElapsedTimer started;
    started.start();
    while (serverTime(server, kind).second < count && started.elapsed() < 30000)
        pause(20);
    return serverTime(server, kind).first * 1000;
}

// Time (ms) from subscribe to the snapshot push, and its bytes.
std::pair<double, qint64> wsSnapshot(const ServerProcess &server, const QString &eventId)
{
    QWebSocket socket;
    std::pair<double, qint64> out{-1, 0};
    QElapsedTimer timer;
    QEventLoop loop;
    QObject::connect(&socket, &QWebSocket::connected, [&] {
        timer.start();
        socket.sendTextMessage(
            QStringLiteral(
                "{\"id\":1,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"%1\"}")
                .arg(eventId));
    });
    QObject::connect(&socket, &QWebSocket::textMessageReceived, [&](const QString &text) {
        if (text.contains(u"seatmap.snapshot")) {
            out = {double(timer.nsecsElapsed()) / 1e6, text.toUtf8().size()};
            loop.quit();
        }
    });
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    socket.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws?access_token=%2")
                         .arg(server.port())
                         .arg(QString::fromLatin1(testToken(QStringLiteral("viewer"))))));
    loop.exec();
    return out;
}

// zlib (what gzip/deflate would send) of `body` at `level`: {median ms, bytes}.
std::pair<double, qsizetype> compressed(const QByteArray &body, int level)
{
    std::vector<double> times;
    qsizetype bytes = 0;
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer timer;
        timer.start();
        bytes = qCompress(body, level).size() - 4; // qCompress prefixes the length
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return {median(times), bytes};
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
    QElapsedTimer timer;
    timer.start();
    // 20 sections x 50 rows x 60 seats = 60,000 seats.
    const auto venue = server.client().postRaw("/venues",
                                               venueJson(QStringLiteral("big"), 20, 50, 60, 0),
                                               manager);
    const auto event = server.client().post("/events", eventJson(QStringLiteral("big")), manager);
    const QString eventId = event.json().value(u"id").toString();
    std::printf("venue %d + event %d with %d seats set up in %.1f s\n",
                venue.status,
                event.status,
                venue.json().value(u"seats").toInt(),
                double(timer.elapsed()) / 1000.0);
    const QByteArray path = "/events/" + eventId.toUtf8() + "/seatmap";
    // scan: event creation builds the map once in the background; then twice more on demand
    // by restarted servers that find no stored template.
    std::vector<double> scanServer{waitFor(server, "scan", 1)};
    // Eight small events start sooner: restarted servers warm those up, so that the big one is
    // built on demand by a running server (its first GET after a restart).
    server.client().postRaw("/venues", venueJson(QStringLiteral("small"), 1, 1, 2, 0), manager);
    for (int i = 0; i < 8; ++i) {
        QJsonObject sooner = eventJson(QStringLiteral("small"));
        sooner.insert(QStringLiteral("starts_at"), QStringLiteral("2029-06-01T20:00:00Z"));
        server.client().post("/events", sooner, manager);
    }
    waitFor(server, "scan", 9);
    const auto restart = [&server] {
        const bool up = server.terminate() == 0 && server.start();
        pause(1500); // let the startup work (warm-up of the small events, relay) settle
        return up;
    };
    qsizetype bytes = 0;
    for (int i = 0; i < 2; ++i) {
        {
            pqxx::connection connection{server.databaseUrl()};
            pqxx::work work{connection};
            work.exec_params("DELETE FROM seatmap_templates WHERE event_id = $1::uuid",
                             eventId.toStdString());
            work.commit();
        }
        if (!restart())
            return 1;
        scanServer.push_back(timedGet(server, path, "scan", &bytes).second);
    }
    // build (cold): restarted servers build the map on demand from its stored template.
    std::vector<double> buildServer, buildLoop;
    for (int i = 0; i < 3; ++i) {
        if (!restart())
            return 1;
        const auto [loop, own] = timedGet(server, path, "build", &bytes);
        buildLoop.push_back(loop);
        buildServer.push_back(own);
    }
    // Patched: each hold bumps the version, so the next GET moves the cached map forward.
    std::vector<double> patchLoop, patchServer, warmLoop, warmServer;
    const QByteArray fan = testToken(QStringLiteral("bench-fan"));
    for (int i = 0; i < 3; ++i) {
        server.client().post("/holds",
                             QJsonObject{{QStringLiteral("event_id"), eventId},
                                         {QStringLiteral("seats"),
                                          QJsonArray{QStringLiteral("S1-1-%1").arg(i + 1)}}},
                             fan);
        pause(300); // let the relay publish the version
        const auto [loop, own] = timedGet(server, path, "patch", &bytes);
        patchLoop.push_back(loop);
        patchServer.push_back(own);
        for (int k = 0; k < 3; ++k) {
            const auto [warm, ownWarm] = timedGet(server, path, "cached", &bytes);
            warmLoop.push_back(warm);
            warmServer.push_back(ownWarm);
        }
    }
    const QByteArray full = server.client().get(path).body;
    std::vector<double> compactLoop;
    QByteArray compact;
    for (int i = 0; i < 3; ++i) {
        const auto response = server.client().get(path + "?format=compact");
        compact = response.body;
        compactLoop.push_back(double(response.elapsedUs) / 1000.0);
    }
    if (qEnvironmentVariableIsSet("BENCH_VERBOSE")) {
        for (const auto &[name, values] : {std::pair{"scan", scanServer},
                                           std::pair{"build", buildServer},
                                           std::pair{"patch", patchServer}}) {
            std::printf("  %s runs (ms):", name);
            for (double value : values)
                std::printf(" %.1f", value);
            std::printf("\n");
        }
    }
    std::printf("GET seatmap: %lld bytes; ?format=compact: %lld bytes (medians of 3; server ="
                " the server's own time, loopback = the client's, with the transfer)\n"
                "  scan (first build of an event, reads every seat's layout): server %.1f ms\n"
                "  build (cold, on demand: stored template + status string): server %.1f ms,"
                " loopback %.1f ms\n"
                "  patched (cached map moved one version): server %.2f ms, loopback %.1f ms;"
                " the first patch after a build (indexes the seat ids): server %.2f ms\n"
                "  warm (cached version): server %.2f ms, loopback %.1f ms\n"
                "  compact (cached version): loopback %.1f ms\n",
                static_cast<long long>(full.size()),
                static_cast<long long>(compact.size()),
                median(scanServer),
                median(buildServer),
                median(buildLoop),
                median(patchServer),
                median(patchLoop),
                patchServer.front(),
                median(warmServer),
                median(warmLoop),
                median(compactLoop));
    for (const auto &[name, body] : {std::pair{"full", full}, std::pair{"compact", compact}}) {
        const auto fast = compressed(body, 1);
        const auto small = compressed(body, 6);
        std::printf("  zlib of %s: level 1 %lld bytes in %.1f ms, level 6 %lld bytes in %.1f ms\n",
                    name,
                    static_cast<long long>(fast.second),
                    fast.first,
                    static_cast<long long>(small.second),
                    small.first);
    }

    std::vector<double> pushMs;
    qint64 pushBytes = 0;
    for (int i = 0; i < 3; ++i) {
        const auto [ms, size] = wsSnapshot(server, eventId);
        pushMs.push_back(ms);
        pushBytes = size;
    }
    std::printf("WebSocket snapshot push: %lld bytes in %.1f ms from subscribe (median of 3)\n",
                static_cast<long long>(pushBytes),
                median(pushMs));
    std::printf("load average at end: %s\n", loadAverage().constData());
    return 0;
}
