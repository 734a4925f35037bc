// SPDX-License-Identifier: GPL-3.0-or-later
// Queue pollers per instance (issue 31 item 3): fans waiting in an event's queue who ask for
// their place over HTTP (GET /events/{id}/queue/{queue_id}, as the shop does every
// `retry_after` seconds), next to GET /healthz on the same connections in the same run:
//   - as fast as answers come: polls/s one instance serves and its CPU per 1,000 polls;
//   - paced: `--fans` fans each polling every `retry_after` seconds (the median the server gave
//     them): the server's CPU share for them.
//   eval "$(scripts/services env)"; build/ci/tests/bench/bench_queuepoll --fans 5000
// Polls and /healthz take turns in short slices, so both meet the same background load.

#include "benchmisc.h"
#include "httpload.h"
#include "processcpu.h"
#include "serverprocess.h"
#include "testenv.h"
#include "venuefixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace boxoffice::test;

namespace {

// What one kind of request cost over the slices: answers/s and server CPU per 1,000.
struct Tally
{
    qint64 answers = 0;
    qint64 refused = 0;
    double seconds = 0;
    double cpuSeconds = 0;

    double perSecond() const { return seconds > 0 ? double(answers) / seconds : 0; }
    double cpuMsPerThousand() const { return answers > 0 ? cpuSeconds * 1e6 / double(answers) : 0; }
};

void slice(HttpLoad &load, const ServerProcess &server, int ms, Tally &tally)
{
    const qint64 ok = load.ok;
    const qint64 other = load.other;
    const double cpu = processCpuSeconds(server.pid());
    QElapsedTimer clock;
    clock.start();
    load.run(ms);
    tally.seconds += double(clock.nsecsElapsed()) / 1e9;
    tally.cpuSeconds += processCpuSeconds(server.pid()) - cpu;
    tally.answers += load.ok - ok;
    tally.refused += load.other - other;
}

QByteArray getRequest(const QByteArray &path, const QByteArray &token)
{
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
           + "\r\n\r\n";
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("fans"),
                        QStringLiteral("Fans waiting in the queue, each polling its place."),
                        QStringLiteral("n"),
                        QStringLiteral("5000")},
                       {QStringLiteral("clients"),
                        QStringLiteral("Keep-alive connections the polls go over."),
                        QStringLiteral("n"),
                        QStringLiteral("64")},
                       {QStringLiteral("seconds"),
                        QStringLiteral("Seconds of each kind of request (in slices)."),
                        QStringLiteral("s"),
                        QStringLiteral("6")},
                       {QStringLiteral("slices"),
                        QStringLiteral("Turns polls and /healthz take."),
                        QStringLiteral("n"),
                        QStringLiteral("6")},
                       {QStringLiteral("redis-timeout-ms"),
                        QStringLiteral("The server's BOXOFFICE_REDIS_TIMEOUT_MS (default: its "
                                       "own): one Redis answer slower than this pauses the "
                                       "waiting room for a moment."),
                        QStringLiteral("ms")}});
    parser.process(app);
    const int fans = std::max(1, parser.value(QStringLiteral("fans")).toInt());
    const int clients = std::clamp(parser.value(QStringLiteral("clients")).toInt(), 1, 4096);
    const int slices = std::max(1, parser.value(QStringLiteral("slices")).toInt());
    const int sliceMs = std::max(1, parser.value(QStringLiteral("seconds")).toInt()) * 1000
                        / slices;
    const std::string adminUrl = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
    if (adminUrl.empty())
        return 2;
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_BUILD_DIR"))
        qputenv("BOXOFFICE_BUILD_DIR", QCoreApplication::applicationDirPath().toUtf8() + "/../..");
    // Per-user limits as in production; the per-address one raised: every fan comes from here.
    QHash<QString, QString> env{{QStringLiteral("BOXOFFICE_RATE_IP_PER_MINUTE"),
                                 QStringLiteral("1000000000")},
                                {QStringLiteral("BOXOFFICE_RATE_IP_BURST"),
                                 QStringLiteral("1000000")}};
    if (parser.isSet(QStringLiteral("redis-timeout-ms")))
        env.insert(QStringLiteral("BOXOFFICE_REDIS_TIMEOUT_MS"),
                   parser.value(QStringLiteral("redis-timeout-ms")));
    ServerProcess server(adminUrl, {}, env);
    if (!server.isRunning())
        return 1;
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    server.client().postRaw("/venues", venueJson(QStringLiteral("qp"), 1, 1, 5, 0), manager);
    QJsonObject event = eventJson(QStringLiteral("qp"));
    // One admission a minute: the fans stay waiting (and polling) for the whole run.
    event.insert(QStringLiteral("queue"),
                 QJsonObject{{QStringLiteral("enabled"), true},
                             {QStringLiteral("admit_per_minute"), 1},
                             {QStringLiteral("max_active"), 1}});
    const QByteArray eventId
        = server.client().post("/events", event, manager).json().value(u"id").toString().toUtf8();

    // The fans join (100 at a time), and each one's poll is its own request with its token.
    QList<QByteArray> polls;
    QList<QByteArray> healthz;
    QList<double> retryAfter;
    int joinRetries = 0;
    for (int first = 0; first < fans; first += 100) {
        QList<HttpRequest> joins;
        QList<QByteArray> tokens;
        for (int i = first; i < std::min(fans, first + 100); ++i) {
            tokens.append(testToken(QStringLiteral("poller-%1").arg(i)));
            joins.append(
                HttpClient::request("POST", "/events/" + eventId + "/queue", "{}", tokens.last()));
        }
        QList<HttpResponse> answers = server.client().concurrently(joins);
        for (qsizetype i = 0; i < answers.size(); ++i) {
            // A 503 (Redis slow to answer on a busy machine pauses the waiting room for a
            // moment): asked again, as the shop does after its Retry-After.
            for (int again = 0; again < 20 && answers[i].status == 503; ++again) {
                ++joinRetries;
                spin(500);
                answers[i] = server.client().send(joins[i]);
            }
            const QJsonObject place = answers[i].json();
            const QByteArray queueId = place.value(u"queue_id").toString().toUtf8();
            if (queueId.isEmpty()) {
                std::printf("join refused: %d %s\n", answers[i].status, answers[i].body.constData());
                return 1;
            }
            retryAfter.append(place.value(u"retry_after").toDouble());
            polls.append(getRequest("/events/" + eventId + "/queue/" + queueId, tokens[i]));
            healthz.append(getRequest("/healthz", tokens[i]));
        }
    }
    std::sort(retryAfter.begin(), retryAfter.end());
    const double retryMedian = retryAfter[retryAfter.size() / 2];
    std::printf("server: one instance; %d fans waiting (%d joins asked again after a 503; "
                "retry_after %.0f / %.0f / %.0f s min / median / max); %d keep-alive connections "
                "(load average %s)\n",
                fans,
                joinRetries,
                retryAfter.first(),
                retryMedian,
                retryAfter.last(),
                clients,
                loadAverage().constData());

    // As fast as answers come.
    HttpLoad pollLoad(server.port(), polls, clients);
    HttpLoad healthLoad(server.port(), healthz, clients);
    pollLoad.run(300); // connected, caches warm
    healthLoad.run(300);
    Tally poll;
    Tally health;
    for (int n = 0; n < slices; ++n) {
        slice(pollLoad, server, sliceMs, poll);
        slice(healthLoad, server, sliceMs, health);
    }
    std::printf("saturated: %.0f polls/s (%lld not 200), %.0f /healthz/s: x%.2f; server CPU per "
                "1,000: polls %.0f ms, /healthz %.0f ms: x%.2f\n",
                poll.perSecond(),
                static_cast<long long>(poll.refused),
                health.perSecond(),
                health.perSecond() > 0 ? poll.perSecond() / health.perSecond() : 0,
                poll.cpuMsPerThousand(),
                health.cpuMsPerThousand(),
                health.cpuMsPerThousand() > 0 ? poll.cpuMsPerThousand() / health.cpuMsPerThousand()
                                              : 0);
    std::printf("so one instance serves about %.0f fans polling every %.0f s (its polls/s x "
                "retry_after)\n",
                poll.perSecond() * retryMedian,
                retryMedian);

    // Paced: every fan once per retry_after, spread over the connections.
    const double pollsPerSecond = double(fans) / std::max(1.0, retryMedian);
    const qint64 gapUs = qint64(1e6 * clients / pollsPerSecond);
    Tally paced;
    Tally pacedHealth;
    pollLoad.setGap(gapUs);
    healthLoad.setGap(gapUs);
    for (int n = 0; n < slices; ++n) {
        slice(pollLoad, server, sliceMs, paced);
        slice(healthLoad, server, sliceMs, pacedHealth);
    }
    std::printf("paced: %d fans every %.0f s = %.0f polls/s asked, %.0f served (%lld not 200): "
                "server %.3f CPU s/s, %.0f ms per 1,000; /healthz at the same pace %.3f CPU s/s: "
                "x%.2f\n",
                fans,
                retryMedian,
                pollsPerSecond,
                paced.perSecond(),
                static_cast<long long>(paced.refused),
                paced.seconds > 0 ? paced.cpuSeconds / paced.seconds : 0,
                paced.cpuMsPerThousand(),
                pacedHealth.seconds > 0 ? pacedHealth.cpuSeconds / pacedHealth.seconds : 0,
                pacedHealth.cpuSeconds > 0 ? paced.cpuSeconds / pacedHealth.cpuSeconds : 0);
    if (!pollLoad.firstOther.empty())
        std::printf("first poll answer other than 200:\n%s\n", pollLoad.firstOther.c_str());
    std::printf("load average after: %s\n", loadAverage().constData());
    return 0;
}
