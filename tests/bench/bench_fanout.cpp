// Fan-out: N WebSocket subscribers on one event's seat map; holds are made one at a time and
// each delta's arrival at every subscriber is timed from the hold's commit (its 201 answer).
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_fanout --subscribers 1000

#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>
#include <QWebSocket>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

using namespace boxoffice::test;

namespace {

void raiseFileLimit()
{
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("subscribers"),
                        QStringLiteral("WebSocket clients."),
                        QStringLiteral("n"),
                        QStringLiteral("1000")},
                       {QStringLiteral("holds"),
                        QStringLiteral("Holds (one delta each)."),
                        QStringLiteral("n"),
                        QStringLiteral("20")},
                       {QStringLiteral("interval-ms"),
                        QStringLiteral("Pause between holds."),
                        QStringLiteral("ms"),
                        QStringLiteral("100")}});
    parser.process(app);
    const int subscribers = parser.value(QStringLiteral("subscribers")).toInt();
    const int holds = parser.value(QStringLiteral("holds")).toInt();
    const int interval = parser.value(QStringLiteral("interval-ms")).toInt();
    raiseFileLimit(); // the server process inherits it
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_BUILD_DIR"))
        qputenv("BOXOFFICE_BUILD_DIR", QCoreApplication::applicationDirPath().toUtf8() + "/../..");
    ServerProcess server(adminUrl);
    if (!server.isRunning())
        return 1;
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    server.client().postRaw("/venues", venueJson(QStringLiteral("fan"), 1, 10, 20, 0), manager);
    const QString eventId = server.client()
                                .post("/events",
                                      eventJson(QStringLiteral("fan"), 600, 100, 100),
                                      manager)
                                .json()
                                .value(u"id")
                                .toString();

    QHash<QString, qint64> committedAt; // seat -> ns on the clock below
    QElapsedTimer clock;
    clock.start();
    std::vector<qint64> latencies;
    latencies.reserve(size_t(subscribers) * size_t(holds));
    int subscribed = 0;
    qint64 firstCommit = -1;
    qint64 lastReceipt = 0;
    std::vector<std::unique_ptr<QWebSocket>> clients;
    const QByteArray token = testToken(QStringLiteral("viewer"));
    const QString subscribe
        = QStringLiteral(
              "{\"id\":1,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"%1\"}")
              .arg(eventId);
    for (int i = 0; i < subscribers; ++i) {
        auto client = std::make_unique<QWebSocket>();
        QWebSocket *socket = client.get();
        QObject::connect(socket, &QWebSocket::connected, socket, [socket, subscribe] {
            socket->sendTextMessage(subscribe);
        });
        QObject::connect(socket, &QWebSocket::textMessageReceived, socket, [&](const QString &text) {
            if (text.startsWith(u"{\"id\":1")) {
                ++subscribed;
                return;
            }
            if (!text.contains(u"seatmap.delta"))
                return;
            const qint64 now = clock.nsecsElapsed();
            // Cheap on purpose (the clients share the machine with the server): the seat id is
            // the first "id" of the changes.
            const qsizetype at = text.indexOf(u"\"changes\":[{\"id\":\"");
            if (at < 0)
                return;
            const qsizetype from = at + 18;
            const QString seat = text.mid(from, text.indexOf(u'"', from) - from);
            const auto it = committedAt.constFind(seat);
            if (it != committedAt.constEnd() && text.contains(u"\"held\"")) {
                latencies.push_back(now - *it);
                lastReceipt = now;
            }
        });
        socket->open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws?access_token=%2")
                              .arg(server.port())
                              .arg(QString::fromLatin1(token))));
        clients.push_back(std::move(client));
        if (i % 200 == 199)
            spin(50);
    }
    QElapsedTimer waited;
    waited.start();
    while (subscribed < subscribers && waited.elapsed() < 60000)
        spin(50);
    std::printf("subscribers: %d of %d subscribed in %.1f s\n",
                subscribed,
                subscribers,
                double(waited.elapsed()) / 1000.0);

    const QByteArray fan = testToken(QStringLiteral("bench-fan"));
    for (int i = 0; i < holds; ++i) {
        const QString seat = QStringLiteral("S1-%1-%2").arg(i / 20 + 1).arg(i % 20 + 1);
        QJsonObject body{{QStringLiteral("event_id"), eventId},
                         {QStringLiteral("seats"), QJsonArray{seat}}};
        const auto response = server.client().post("/holds", body, fan);
        const qint64 now = clock.nsecsElapsed();
        if (response.status != 201)
            std::printf("hold %d failed: %d\n", i, response.status);
        committedAt.insert(seat, now);
        if (firstCommit < 0)
            firstCommit = now;
        spin(interval);
    }
    const size_t expected = size_t(subscribed) * size_t(holds);
    waited.restart();
    while (latencies.size() < expected && waited.elapsed() < 20000)
        spin(50);
    std::sort(latencies.begin(), latencies.end());
    const auto percentile = [&](double p) {
        return latencies.empty() ? 0.0
                                 : double(latencies[std::min(latencies.size() - 1,
                                                             size_t(p * double(latencies.size())))])
                                       / 1e6;
    };
    const double seconds = double(lastReceipt - firstCommit) / 1e9;
    std::printf(
        "delivered: %zu of %zu deltas in %.2f s = %.0f messages/s (paced: %d holds every %d ms)\n",
        latencies.size(),
        expected,
        seconds,
        seconds > 0 ? double(latencies.size()) / seconds : 0.0,
        holds,
        interval);
    std::printf("commit->receipt latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
                percentile(0.50),
                percentile(0.99),
                percentile(1.0));
    for (auto &client : clients)
        client->abort();
    return 0;
}
