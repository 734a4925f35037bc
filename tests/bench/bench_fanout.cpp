// SPDX-License-Identifier: GPL-3.0-or-later
// Fan-out: N WebSocket subscribers on one event's seat map; holds are made one at a time and
// each delta's arrival at every subscriber is timed from the hold's commit (its 201 answer).
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_fanout --subscribers 5000
// The clients run in this process, on the same machine as the server: by default minimal
// epoll clients on --client-threads threads (see wsloadclients.h); --qt-clients uses one
// QWebSocket per subscriber on the main thread instead, which mostly measures QWebSocket.

#include "benchmisc.h"
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
#include <QTimer>
#include <QWebSocket>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>

using namespace boxoffice::test;

namespace {

// The server's own fan-out histogram (log row read after NOTIFY -> last subscriber's frame
// handed to its socket): count, sum and cumulative buckets.
struct ServerFanout
{
    double count = 0, sum = 0;
    std::vector<std::pair<double, double>> buckets; // (le, cumulative count)

    static ServerFanout scrape(const ServerProcess &server)
    {
        ServerFanout out;
        const QByteArray text = server.client().get("/metrics").body;
        for (const QByteArray &line : text.split('\n')) {
            const qsizetype space = line.lastIndexOf(' ');
            const double value = line.mid(space + 1).toDouble();
            if (line.startsWith("boxoffice_ws_fanout_seconds_count "))
                out.count = value;
            else if (line.startsWith("boxoffice_ws_fanout_seconds_sum "))
                out.sum = value;
            else if (line.startsWith("boxoffice_ws_fanout_seconds_bucket{le=\"")) {
                const QByteArray le = line.mid(39, line.indexOf('"', 39) - 39);
                out.buckets.emplace_back(le == "+Inf" ? qInf() : le.toDouble(), value);
            }
        }
        return out;
    }
    // Upper bound of the bucket holding the p-quantile of the observations since `before`.
    double quantile(const ServerFanout &before, double p) const
    {
        const double n = count - before.count;
        for (size_t i = 0; i < buckets.size() && i < before.buckets.size(); ++i) {
            if (buckets[i].second - before.buckets[i].second >= p * n)
                return buckets[i].first;
        }
        return qInf();
    }
};

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
                        QStringLiteral("100")},
                       {QStringLiteral("client-threads"),
                        QStringLiteral("Threads of the epoll clients."),
                        QStringLiteral("n"),
                        QStringLiteral("2")},
                       {QStringLiteral("qt-clients"),
                        QStringLiteral("One QWebSocket per subscriber on the main thread.")}});
    parser.process(app);
    const int subscribers = parser.value(QStringLiteral("subscribers")).toInt();
    const int holds = parser.value(QStringLiteral("holds")).toInt();
    const int interval = parser.value(QStringLiteral("interval-ms")).toInt();
    const int threads = parser.value(QStringLiteral("client-threads")).toInt();
    const bool qtClients = parser.isSet(QStringLiteral("qt-clients"));
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
    std::printf("clients: %d %s in the bench process, on the server's machine (load average %s)\n"
                "latency: from the hold's 201 answer (after its commit) to the client's receipt of"
                " the delta (%s), both on CLOCK_MONOTONIC\n",
                subscribers,
                qtClients ? "QWebSockets on the main thread"
                          : qPrintable(QStringLiteral("epoll clients on %1 threads").arg(threads)),
                loadAverage().constData(),
                qtClients ? "textMessageReceived" : "recv() returning its last byte");

    const QByteArray token = testToken(QStringLiteral("viewer"));
    const QByteArray subscribe
        = QStringLiteral(
              "{\"id\":1,\"op\":\"subscribe\",\"topic\":\"seatmap\",\"event_id\":\"%1\"}")
              .arg(eventId)
              .toUtf8();
    QHash<QString, qint64> committedAt; // seat -> monotonicNs()
    std::vector<WsLoadClients::Receipt> qtReceipts;
    int qtReplies = 0;
    std::vector<std::unique_ptr<QWebSocket>> qtSockets;
    std::unique_ptr<WsLoadClients> raw;
    QElapsedTimer waited;
    waited.start();
    if (qtClients) {
        for (int i = 0; i < subscribers; ++i) {
            auto client = std::make_unique<QWebSocket>();
            QWebSocket *socket = client.get();
            QObject::connect(socket, &QWebSocket::connected, socket, [socket, subscribe] {
                socket->sendTextMessage(QString::fromUtf8(subscribe));
            });
            QObject::connect(socket,
                             &QWebSocket::textMessageReceived,
                             socket,
                             [&](const QString &text) {
                                 const qint64 now = monotonicNs();
                                 if (text.startsWith(u"{\"id\":1")) {
                                     ++qtReplies;
                                     return;
                                 }
                                 const qsizetype at = text.indexOf(u"\"changes\":[{\"id\":\"");
                                 if (at < 0 || !text.contains(u"\"held\""))
                                     return;
                                 const qsizetype from = at + 18;
                                 qtReceipts.push_back(
                                     {text.mid(from, text.indexOf(u'"', from) - from).toStdString(),
                                      now});
                             });
            socket->open(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws?access_token=%2")
                                  .arg(server.port())
                                  .arg(QString::fromLatin1(token))));
            qtSockets.push_back(std::move(client));
            if (i % 200 == 199)
                spin(50);
        }
    } else {
        raw = std::make_unique<WsLoadClients>(server.port(), token, threads);
        raw->open(subscribers, subscribe);
    }
    const auto replies = [&] { return qtClients ? qtReplies : raw->replies(); };
    const auto received = [&] { return qtClients ? qtReceipts.size() : raw->receiptCount(); };
    while (replies() < subscribers && waited.elapsed() < 60000)
        spin(50);
    const int subscribed = replies();
    std::printf("subscribers: %d of %d subscribed in %.1f s\n",
                subscribed,
                subscribers,
                double(waited.elapsed()) / 1000.0);
    spin(500); // snapshots delivered, the machine quiet again

    const ServerFanout before = ServerFanout::scrape(server);
    const QByteArray fan = testToken(QStringLiteral("bench-fan"));
    qint64 firstCommit = -1;
    for (int i = 0; i < holds; ++i) {
        const QString seat = QStringLiteral("S1-%1-%2").arg(i / 20 + 1).arg(i % 20 + 1);
        QJsonObject body{{QStringLiteral("event_id"), eventId},
                         {QStringLiteral("seats"), QJsonArray{seat}}};
        const auto response = server.client().post("/holds", body, fan);
        const qint64 now = monotonicNs();
        if (response.status != 201)
            std::printf("hold %d failed: %d\n", i, response.status);
        committedAt.insert(seat, now);
        if (firstCommit < 0)
            firstCommit = now;
        spin(interval);
    }
    const size_t expected = size_t(subscribed) * size_t(holds);
    waited.restart();
    while (received() < expected && waited.elapsed() < 20000)
        spin(50);
    const std::vector<WsLoadClients::Receipt> receipts = qtClients ? qtReceipts : raw->stop();
    const ServerFanout after = ServerFanout::scrape(server);

    std::vector<qint64> latencies;
    latencies.reserve(receipts.size());
    qint64 lastReceipt = firstCommit;
    for (const auto &receipt : receipts) {
        const auto it = committedAt.constFind(QString::fromStdString(receipt.seat));
        if (it == committedAt.constEnd())
            continue;
        latencies.push_back(receipt.atNs - *it);
        lastReceipt = std::max(lastReceipt, receipt.atNs);
    }
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
    const double fanouts = after.count - before.count;
    std::printf("server fan-out (log row read after NOTIFY -> last frame handed to a socket):"
                " %.0f deltas, mean %.1f ms, p99 <= %.0f ms (histogram bucket)\n",
                fanouts,
                fanouts > 0 ? (after.sum - before.sum) / fanouts * 1000 : 0.0,
                after.quantile(before, 0.99) * 1000);
    std::printf("load average after: %s\n", loadAverage().constData());
    for (auto &socket : qtSockets)
        socket->abort();
    return 0;
}
