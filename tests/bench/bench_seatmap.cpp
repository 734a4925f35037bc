// Seat-map snapshot of a 60,000-seat event: time and bytes of GET /events/{id}/seatmap (cold:
// built from PostgreSQL; warm: served from the per-version cache) and of a WebSocket snapshot.
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

    // Cold: each hold bumps the version, so the next GET rebuilds the snapshot.
    std::vector<double> cold;
    std::vector<double> warm;
    qsizetype bytes = 0;
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
        const auto first = server.client().get(path);
        bytes = first.body.size();
        cold.push_back(double(first.elapsedUs) / 1000.0);
        for (int k = 0; k < 5; ++k)
            warm.push_back(double(server.client().get(path).elapsedUs) / 1000.0);
    }
    std::sort(cold.begin(), cold.end());
    std::sort(warm.begin(), warm.end());
    std::printf(
        "GET seatmap: %lld bytes; cold (built from PostgreSQL) median %.1f ms, max %.1f ms;"
        " warm (cached version) median %.1f ms, max %.1f ms (loopback, including transfer)\n",
        static_cast<long long>(bytes),
        cold[cold.size() / 2],
        cold.back(),
        warm[warm.size() / 2],
        warm.back());

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
