// Seat-map snapshot of a 60,000-seat event: time and bytes of GET /events/{id}/seatmap (first:
// built from PostgreSQL by a freshly started server; patched: the cached map moved to the next
// version; warm: served from the cache) and of a WebSocket snapshot. Server time is the
// server's own boxoffice_seatmap_snapshot_seconds; loopback time includes the 8 MB transfer.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_seatmap

#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>
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

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_BUILD_DIR"))
        qputenv("BOXOFFICE_BUILD_DIR", QCoreApplication::applicationDirPath().toUtf8() + "/../..");
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

    qsizetype bytes = 0;
    // On demand: this server started before the event existed, so the first GET builds it.
    const auto [demandLoop, demandServer] = timedGet(server, path, "build", &bytes);
    // Restarted servers build the soonest events' maps at startup: the build's own time, then
    // the first GET (served from the cache).
    std::vector<double> warmupServer, firstLoop, firstServer;
    for (int i = 0; i < 3; ++i) {
        if (server.terminate() != 0 || !server.start())
            return 1;
        QElapsedTimer started;
        started.start();
        while (serverTime(server, "build").second < 1 && started.elapsed() < 20000) {
            QEventLoop wait;
            QTimer::singleShot(20, &wait, &QEventLoop::quit);
            wait.exec();
        }
        warmupServer.push_back(serverTime(server, "build").first * 1000);
        const auto [loop, own] = timedGet(server, path, "cached", &bytes);
        firstLoop.push_back(loop);
        firstServer.push_back(own);
    }
    // Patched: each hold bumps the version, so the next GET moves the cached map forward.
    std::vector<double> patchLoop, patchServer, warmLoop, warmServer;
    const QByteArray fan = testToken(QStringLiteral("bench-fan"));
    for (int i = 0; i < 5; ++i) {
        server.client().post("/holds",
                             QJsonObject{{QStringLiteral("event_id"), eventId},
                                         {QStringLiteral("seats"),
                                          QJsonArray{QStringLiteral("S1-1-%1").arg(i + 1)}}},
                             fan);
        QEventLoop wait;
        QTimer::singleShot(300, &wait, &QEventLoop::quit); // let the relay publish the version
        wait.exec();
        const auto [loop, own] = timedGet(server, path, "patch", &bytes);
        patchLoop.push_back(loop);
        patchServer.push_back(own);
        for (int k = 0; k < 5; ++k) {
            const auto [warm, ownWarm] = timedGet(server, path, "cached", &bytes);
            warmLoop.push_back(warm);
            warmServer.push_back(ownWarm);
        }
    }
    std::printf("GET seatmap: %lld bytes (medians; server = the server's own time, loopback ="
                " the client's, with the transfer)\n"
                "  build on demand (first GET, nothing cached): server %.1f ms, loopback %.1f ms\n"
                "  build at startup (warm-up of the soonest events, 3 restarts): server %.1f ms;"
                " first GET after it: server %.2f ms, loopback %.1f ms\n"
                "  patched (cached map moved one version): server %.2f ms, loopback %.1f ms\n"
                "  warm (cached version): server %.2f ms, loopback %.1f ms\n",
                static_cast<long long>(bytes),
                demandServer,
                demandLoop,
                median(warmupServer),
                median(firstServer),
                median(firstLoop),
                median(patchServer),
                median(patchLoop),
                median(warmServer),
                median(warmLoop));

    // WebSocket subscribe: time from the request to the snapshot push.
    QWebSocket socket;
    qint64 pushBytes = 0;
    double pushMs = 0;
    QEventLoop loop;
    QObject::connect(&socket, &QWebSocket::connected, [&] {
        timer.restart();
        socket.sendTextMessage(
            QStringLiteral(
                "{\"id\":1,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"%1\"}")
                .arg(eventId));
    });
    QObject::connect(&socket, &QWebSocket::textMessageReceived, [&](const QString &text) {
        if (text.contains(u"seatmap.snapshot")) {
            pushMs = double(timer.nsecsElapsed()) / 1e6;
            pushBytes = text.toUtf8().size();
            loop.quit();
        }
    });
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    socket.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws?access_token=%2")
                         .arg(server.port())
                         .arg(QString::fromLatin1(testToken(QStringLiteral("viewer"))))));
    loop.exec();
    std::printf("WebSocket snapshot push: %lld bytes in %.1f ms from subscribe\n",
                static_cast<long long>(pushBytes),
                pushMs);
    return 0;
}
