// SPDX-License-Identifier: GPL-3.0-or-later
// bench_queue: queue joins per second through the HTTP API next to `redis-benchmark -t zadd` on
// the same Redis with the same number of clients, and PostgreSQL transactions per successful
// hold when 2,000 buyers want 50 seats, with per-seat Redis leases on and off, over two server
// instances (so one instance's in-memory cache of taken seats cannot hide what Redis saves).
//
//   eval "$(scripts/services env)"
//   build/ci/tests/bench/bench_queue [--runs 3] [--clients 50] [--seconds 3] [--slices 6]
//                                    [--users 20000]
//                                    [--buyers 2000] [--wave 200] [--instances 2]
//                                    [--only joins|leases|http-floor] [--rate-limits on|off]
//
// Not a test: it prints figures (medians of --runs, and the load average, since the machine is
// shared). Target (issue 5): joins/s >= 0.3 x redis-benchmark ZADD/s.

#include "httpload.h"
#include "processcpu.h"
#include "serverprocess.h"
#include "venuefixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>
#include <QTextStream>
#include <QThread>
#include <QUrl>

#include <algorithm>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include <pqxx/pqxx>

using namespace boxoffice::test;

namespace {

QTextStream out(stdout);

QString createEvent(const HttpClient &http,
                    const QByteArray &manager,
                    const QString &venue,
                    bool queued)
{
    QJsonObject body = eventJson(venue);
    body.insert(QStringLiteral("on_sale_at"), QStringLiteral("2020-01-01T00:00:00Z"));
    body.insert(QStringLiteral("queue"),
                QJsonObject{{QStringLiteral("enabled"), queued},
                            {QStringLiteral("admit_per_minute"), 60},
                            {QStringLiteral("max_active"), 100}});
    return http.post("/events", body, manager).json().value(u"id").toString();
}

// CPU seconds this process (RUSAGE_SELF) or its finished children (RUSAGE_CHILDREN) used.
double ownCpuSeconds(int who)
{
    rusage usage{};
    getrusage(who, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// CPU seconds redis-server used so far (INFO cpu).
double redisCpuSeconds(const QUrl &redis)
{
    QProcess cli;
    cli.start(QStringLiteral("redis-cli"),
              {QStringLiteral("-h"),
               redis.host(),
               QStringLiteral("-p"),
               QString::number(redis.port(6379)),
               QStringLiteral("INFO"),
               QStringLiteral("cpu")});
    cli.waitForFinished(5000);
    double seconds = 0;
    for (const QByteArray &line : cli.readAllStandardOutput().split('\n')) {
        if (line.startsWith("used_cpu_user:") || line.startsWith("used_cpu_sys:"))
            seconds += line.mid(line.indexOf(':') + 1).trimmed().toDouble();
    }
    return seconds;
}

// What one run costs: operations per second, and CPU microseconds per operation.
struct Throughput
{
    double perSecond = 0;
    double clientUs = 0; // the load generator (the bench's epoll loop, or redis-benchmark)
    double serverUs = 0; // boxoffice-server (0 for redis-benchmark)
    double redisUs = 0;  // redis-server
};

// Operations and the CPU they used, summed over the slices of one run.
struct Tally
{
    double ops = 0;
    double seconds = 0;
    double clientCpu = 0;
    double serverCpu = 0;
    double redisCpu = 0;

    Throughput throughput() const
    {
        const double n = std::max(1.0, ops);
        return {seconds > 0 ? ops / seconds : 0,
                clientCpu * 1e6 / n,
                serverCpu * 1e6 / n,
                redisCpu * 1e6 / n};
    }
};

// Joins on `load` for `ms`, added to `tally`.
void joinSlice(HttpLoad &load, const ServerProcess &server, const QUrl &redis, int ms, Tally &tally)
{
    const qint64 startOk = load.ok;
    const double serverCpu = processCpuSeconds(server.pid());
    const double redisCpu = redisCpuSeconds(redis);
    const double clientCpu = ownCpuSeconds(RUSAGE_SELF);
    QElapsedTimer timer;
    timer.start();
    load.run(ms);
    tally.seconds += double(timer.nsecsElapsed()) / 1e9;
    tally.clientCpu += ownCpuSeconds(RUSAGE_SELF) - clientCpu;
    tally.ops += double(load.ok - startOk);
    tally.serverCpu += processCpuSeconds(server.pid()) - serverCpu;
    tally.redisCpu += redisCpuSeconds(redis) - redisCpu;
}

// One redis-benchmark run of `requests` ZADDs, added to `tally`; its rate (0: it failed).
double zaddSlice(const QUrl &redis, int clients, int requests, Tally &tally)
{
    const double redisCpu = redisCpuSeconds(redis);
    const double childrenCpu = ownCpuSeconds(RUSAGE_CHILDREN);
    QProcess bench;
    bench.start(QStringLiteral("redis-benchmark"),
                {QStringLiteral("-h"),
                 redis.host(),
                 QStringLiteral("-p"),
                 QString::number(redis.port(6379)),
                 QStringLiteral("-t"),
                 QStringLiteral("zadd"),
                 QStringLiteral("-n"),
                 QString::number(requests),
                 QStringLiteral("-c"),
                 QString::number(clients),
                 QStringLiteral("-r"),
                 QStringLiteral("100000"),
                 QStringLiteral("-q")});
    bench.waitForFinished(120000);
    const QString text = QString::fromLocal8Bit(bench.readAllStandardOutput());
    const auto match = QRegularExpression(QStringLiteral("ZADD: ([0-9.]+) requests per second"))
                           .match(text);
    const double rate = match.hasMatch() ? match.captured(1).toDouble() : 0;
    if (rate <= 0)
        return 0;
    tally.ops += requests;
    tally.seconds += requests / rate;
    tally.clientCpu += ownCpuSeconds(RUSAGE_CHILDREN) - childrenCpu;
    tally.redisCpu += redisCpuSeconds(redis) - redisCpu;
    return rate;
}

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values.size() % 2 ? values[values.size() / 2]
                             : (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(file.readAll()).section(u' ', 0, 2);
}

void joinsVersusZadd(const QByteArray &db, const QUrl &redis, const QCommandLineParser &parser)
{
    const int clients = parser.value(QStringLiteral("clients")).toInt();
    const int runs = parser.value(QStringLiteral("runs")).toInt();
    // Rate limits on by default, as in production (each join is checked), with the per-IP
    // limit raised so that the bench, all from one address, is measured rather than refused.
    const bool limits = parser.value(QStringLiteral("rate-limits")) != u"off";
    // The same requests to GET /healthz instead: what Qt's HTTP server costs without a join.
    const bool floor = parser.value(QStringLiteral("only")) == u"http-floor";
    ServerProcess server(db.toStdString(),
                         {QStringLiteral("--redis-url"), redis.toString()},
                         {{QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"),
                           limits ? QStringLiteral("1200") : QStringLiteral("0")},
                          {QStringLiteral("BOXOFFICE_RATE_IP_PER_MINUTE"),
                           limits ? QStringLiteral("1000000000") : QStringLiteral("0")}});
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    server.client().postRaw("/venues", venueJson(QStringLiteral("bq"), 1, 1, 5, 0), manager);
    out << "queue joins vs ZADD, " << clients
        << " concurrent clients on both sides (keep-alive HTTP/1.1 without pipelining; "
           "redis-benchmark -c "
        << clients << " -P 1 -r 100000); rate limits "
        << (limits ? "on (per-IP limit raised)" : "off")
        << (floor ? "; HTTP FLOOR: GET /healthz with the joins' headers instead of joins" : "")
        << ":" << Qt::endl;
    QList<double> joins;
    QList<double> zadds;
    QList<double> ratios;
    QList<double> serverUs;
    QList<double> redisJoinUs;
    QList<double> redisZaddUs;
    QList<double> cpuRatios; // what the ratio would be with the CPUs as the only limit
    const int slices = std::max(1, parser.value(QStringLiteral("slices")).toInt());
    const int sliceMs = parser.value(QStringLiteral("seconds")).toInt() * 1000 / slices;
    double zaddRate = 50000; // sizes the first ZADD slice; then the last one measured
    for (int run = 0; run < runs; ++run) {
        out << "run " << run + 1 << ":";
        const QString event = createEvent(server.client(), manager, QStringLiteral("bq"), true);
        QList<QByteArray> requests;
        for (int i = 0; i < parser.value(QStringLiteral("users")).toInt(); ++i)
            requests.append(
                (floor ? QByteArray("GET /healthz") : "POST /events/" + event.toUtf8() + "/queue")
                + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                + testToken(QStringLiteral("joiner-%1").arg(i))
                + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
        HttpLoad load(server.port(), requests, clients);
        load.run(500); // connect, warm the settings cache and the script cache
        // Joins and ZADDs take turns in short slices, so that both meet the same background
        // load on a shared machine (one long stretch each gave ratios from 0.13 to 1.0).
        Tally joinTally;
        Tally zaddTally;
        for (int slice = 0; slice < slices; ++slice) {
            joinSlice(load, server, redis, sliceMs, joinTally);
            const double rate = zaddSlice(redis,
                                          clients,
                                          std::max(5000, int(zaddRate * sliceMs / 1000)),
                                          zaddTally);
            if (rate > 0)
                zaddRate = rate;
        }
        const Throughput join = joinTally.throughput();
        const Throughput zadd = zaddTally.throughput();
        out << "  HTTP joins: " << qRound(join.perSecond) << "/s (" << load.other
            << " not 200; CPU per join: client " << qRound(join.clientUs) << " us, server "
            << qRound(join.serverUs) << " us, Redis " << QString::number(join.redisUs, 'f', 1)
            << " us), redis-benchmark ZADD: " << qRound(zadd.perSecond)
            << "/s (CPU per ZADD: client " << QString::number(zadd.clientUs, 'f', 1)
            << " us, Redis " << QString::number(zadd.redisUs, 'f', 1) << " us)";
        joins.append(join.perSecond);
        zadds.append(zadd.perSecond);
        ratios.append(zadd.perSecond > 0 ? join.perSecond / zadd.perSecond : 0);
        serverUs.append(join.serverUs);
        redisJoinUs.append(join.redisUs);
        redisZaddUs.append(zadd.redisUs);
        const double joinCpu = join.clientUs + join.serverUs + join.redisUs;
        cpuRatios.append(joinCpu > 0 ? (zadd.clientUs + zadd.redisUs) / joinCpu : 0);
        out << ", ratio " << QString::number(ratios.last(), 'f', 3) << " (load " << loadAverage()
            << ")" << Qt::endl;
    }
    out << "median of " << runs << ": joins " << qRound(median(joins)) << "/s, ZADD "
        << qRound(median(zadds)) << "/s, ratio " << QString::number(median(ratios), 'f', 3)
        << " (target >= 0.3); CPU per join: server " << qRound(median(serverUs)) << " us + Redis "
        << QString::number(median(redisJoinUs), 'f', 1) << " us, Redis per ZADD "
        << QString::number(median(redisZaddUs), 'f', 1) << " us" << Qt::endl;
    // Throughput on a shared machine follows the CPU share each process gets; CPU per
    // operation does not, so this estimate is the steadier figure.
    out << "CPU-bound ratio (CPU per ZADD, client + Redis, over CPU per join, client + server + "
           "Redis), median: "
        << QString::number(median(cpuRatios), 'f', 3) << Qt::endl;
}

// The database's transaction counter (commits + rollbacks), as the statistics system has it.
qint64 transactions(const std::string &url)
{
    pqxx::connection connection(url);
    pqxx::nontransaction work(connection);
    work.exec("SELECT pg_stat_clear_snapshot()");
    return work
        .exec1("SELECT xact_commit + xact_rollback FROM pg_stat_database"
               " WHERE datname = current_database()")[0]
        .as<qint64>();
}

// Server instances on one database; they all start and stop together, so every run pays the
// same start-up and shut-down transactions.
class Instances
{
public:
    Instances(const std::string &adminUrl, int count, const QHash<QString, QString> &env)
    {
        m_servers.push_back(std::make_unique<ServerProcess>(adminUrl, QStringList{}, env));
        for (int i = 1; i < count; ++i)
            m_servers.push_back(
                std::make_unique<ServerProcess>(adminUrl,
                                                QStringList{QStringLiteral("--database-url"),
                                                            QString::fromStdString(
                                                                m_servers.front()->databaseUrl())},
                                                env));
    }
    ServerProcess &at(int i) { return *m_servers[size_t(i)]; }
    int size() const { return int(m_servers.size()); }
    const std::string &databaseUrl() const { return m_servers.front()->databaseUrl(); }
    // Backends flush their statistics when they exit (idle ones only every 10 s otherwise).
    void stop()
    {
        for (auto &server : m_servers)
            server->terminate();
        QThread::msleep(500);
    }
    void start()
    {
        for (auto &server : m_servers)
            server->start();
    }

private:
    std::vector<std::unique_ptr<ServerProcess>> m_servers;
};

qint64 metric(const QByteArray &text, const QByteArray &name)
{
    const qsizetype at = text.indexOf(QByteArray("\n" + name + ' '));
    if (at < 0)
        return 0;
    const qsizetype start = at + name.size() + 2;
    return qint64(text.mid(start, text.indexOf('\n', start) - start).toDouble());
}

struct LeaseRun
{
    int held = 0;
    int conflicts = 0;
    qint64 xacts = 0; ///< during the run
    qint64 idle = 0;  ///< during an idle run as long (background: sweeper, relay, connections)
    qint64 redisRefused = 0; ///< conflicts answered by a Redis lease, PostgreSQL untouched
    double seconds = 0;
    double perHold() const { return held ? double(std::max<qint64>(0, xacts - idle)) / held : 0; }
};

// The instances use the test Redis (ServerProcess passes BOXOFFICE_TEST_REDIS_URL).
LeaseRun buyersForSeats(const std::string &adminUrl, bool leases, int buyers, int wave, int count)
{
    Instances servers(adminUrl,
                      count,
                      {{QStringLiteral("BOXOFFICE_SEAT_LEASES"),
                        leases ? QStringLiteral("1") : QStringLiteral("0")}});
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    servers.at(0).client().postRaw("/venues",
                                   venueJson(QStringLiteral("b50"), 1, 5, 10, 0),
                                   manager);
    const QString event = createEvent(servers.at(0).client(), manager, QStringLiteral("b50"), false);
    QList<HttpRequest> requests;
    for (int i = 0; i < buyers; ++i) {
        const int seat = QRandomGenerator::global()->bounded(50);
        requests.append(
            HttpClient::request("POST",
                                "/holds",
                                QJsonDocument(QJsonObject{{QStringLiteral("event_id"), event},
                                                          {QStringLiteral("seats"),
                                                           QJsonArray{QStringLiteral("S1-%1-%2")
                                                                          .arg(1 + seat / 10)
                                                                          .arg(1 + seat % 10)}}})
                                    .toJson(),
                                testToken(QStringLiteral("buyer-%1").arg(i))));
    }
    // Restart so the setup's backends exit and flush their statistics before the baseline.
    servers.stop();
    servers.start();
    QThread::msleep(500);
    LeaseRun run;
    const qint64 before = transactions(servers.databaseUrl());
    QElapsedTimer timer;
    timer.start();
    for (int start = 0; start < buyers; start += wave) {
        // Each wave is split over the instances (round robin) and sent to all at once.
        std::vector<QList<HttpRequest>> parts(size_t(servers.size()));
        const QList<HttpRequest> slice = requests.mid(start, wave);
        for (int i = 0; i < slice.size(); ++i)
            parts[size_t(i % servers.size())].append(slice[i]);
        std::vector<QList<HttpResponse>> answers(parts.size());
        std::vector<std::unique_ptr<QThread>> threads;
        for (int s = 1; s < servers.size(); ++s) {
            threads.emplace_back(QThread::create([&, s] {
                answers[size_t(s)] = servers.at(s).client().concurrently(parts[size_t(s)],
                                                                         60000,
                                                                         true);
            }));
            threads.back()->start();
        }
        answers[0] = servers.at(0).client().concurrently(parts[0], 60000, true);
        for (auto &thread : threads)
            thread->wait();
        for (const auto &part : answers) {
            for (const auto &answer : part) {
                run.held += answer.status == 201;
                run.conflicts += answer.status == 409;
            }
        }
    }
    run.seconds = timer.elapsed() / 1000.0;
    for (int s = 0; s < servers.size(); ++s)
        run.redisRefused += metric(servers.at(s).client().get("/metrics").body,
                                   "boxoffice_seat_lease_conflicts");
    servers.stop();
    // -1: this function's own reading transaction.
    run.xacts = transactions(servers.databaseUrl()) - before - 1;
    const qint64 idleBefore = transactions(servers.databaseUrl());
    servers.start();
    QThread::msleep(qMax<qint64>(500, qint64(run.seconds * 1000)));
    servers.at(0).client().get("/healthz");
    servers.stop();
    run.idle = transactions(servers.databaseUrl()) - idleBefore - 1;
    out << "  leases " << (leases ? "on: " : "off:") << " " << buyers << " buyers over "
        << servers.size() << " instance(s), " << run.held << " holds, " << run.conflicts
        << " conflicts (" << run.redisRefused << " refused by Redis leases) in "
        << QString::number(run.seconds, 'f', 1) << " s; " << run.xacts
        << " PostgreSQL transactions - " << run.idle
        << " in an idle run as long = " << QString::number(run.perHold(), 'f', 1)
        << " per successful hold (load " << loadAverage() << ")" << Qt::endl;
    return run;
}

void leasesOnVersusOff(const QByteArray &db, const QCommandLineParser &parser)
{
    const int buyers = parser.value(QStringLiteral("buyers")).toInt();
    const int wave = parser.value(QStringLiteral("wave")).toInt();
    const int instances = std::max(1, parser.value(QStringLiteral("instances")).toInt());
    const int runs = parser.value(QStringLiteral("runs")).toInt();
    out << buyers << " buyers for 50 seats, waves of " << wave << ", " << instances
        << " instance(s); PostgreSQL transactions from pg_stat_database (xact_commit + "
           "xact_rollback) of the bench database:"
        << Qt::endl;
    QList<double> on;
    QList<double> off;
    for (int run = 0; run < runs; ++run) {
        on.append(buyersForSeats(db.toStdString(), true, buyers, wave, instances).perHold());
        off.append(buyersForSeats(db.toStdString(), false, buyers, wave, instances).perHold());
    }
    const double medianOn = median(on);
    const double medianOff = median(off);
    out << "median of " << runs << ": PostgreSQL transactions per successful hold: leases on "
        << QString::number(medianOn, 'f', 1) << ", leases off "
        << QString::number(medianOff, 'f', 1) << ", off/on "
        << QString::number(medianOn > 0 ? medianOff / medianOn : 0, 'f', 2) << Qt::endl;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const auto option = [&](const char *name, const char *help, const char *value) {
        parser.addOption({QString::fromLatin1(name),
                          QString::fromLatin1(help),
                          QStringLiteral("n"),
                          QString::fromLatin1(value)});
    };
    option("users", "distinct queue users", "20000");
    option("clients", "concurrent join clients, and redis-benchmark -c", "50");
    option("seconds", "join time of one run (as much ZADD time follows, in turns)", "3");
    option("slices", "turns of joins and ZADDs per run", "6");
    option("runs", "repetitions (medians are printed)", "3");
    option("buyers", "buyers for 50 seats", "2000");
    option("wave", "concurrent hold requests", "200");
    option("instances", "server instances for the lease runs", "2");
    option("only", "joins, leases, or http-floor (the joins' requests to GET /healthz)", "");
    option("rate-limits", "on or off for the joins", "on");
    parser.process(app);
    const QByteArray db = qgetenv("BOXOFFICE_TEST_DATABASE_URL");
    const QByteArray redis = qgetenv("BOXOFFICE_TEST_REDIS_URL");
    if (db.isEmpty() || redis.isEmpty()) {
        out << "set BOXOFFICE_TEST_DATABASE_URL and BOXOFFICE_TEST_REDIS_URL (scripts/services env)"
            << Qt::endl;
        return 2;
    }
    const QString only = parser.value(QStringLiteral("only"));
    const QUrl redisUrl(QString::fromLatin1(redis));
    out << "load average at start: " << loadAverage() << " (" << QThread::idealThreadCount()
        << " CPUs)" << Qt::endl;
    if (only.isEmpty() || only == u"joins" || only == u"http-floor")
        joinsVersusZadd(db, redisUrl, parser);
    if (only.isEmpty() || only == u"leases")
        leasesOnVersusOff(db, parser);
    out << "load average at end: " << loadAverage() << Qt::endl;
    return 0;
}
