// bench_queue: queue joins per second through the HTTP API next to `redis-benchmark -t zadd` on
// the same Redis with the same number of clients, and PostgreSQL transactions per successful
// hold when 2,000 buyers want 50 seats, with per-seat Redis leases on and off, over two server
// instances (so one instance's in-memory cache of taken seats cannot hide what Redis saves).
//
//   eval "$(scripts/services env)"
//   build/ci/tests/bench/bench_queue [--runs 3] [--clients 50] [--seconds 3] [--users 20000]
//                                    [--buyers 2000] [--wave 200] [--instances 2]
//                                    [--only joins|leases] [--rate-limits on|off]
//
// Not a test: it prints figures (medians of --runs, and the load average, since the machine is
// shared). Target (issue 5): joins/s >= 0.3 x redis-benchmark ZADD/s.

#include "serverprocess.h"
#include "venuefixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTest>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <algorithm>

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

// One keep-alive connection that sends queue joins back to back (each as the next user).
class Joiner : public QObject
{
public:
    Joiner(quint16 port, QByteArray path, const QList<QByteArray> *tokens, int offset)
        : m_path(std::move(path))
        , m_tokens(tokens)
        , m_next(offset)
    {
        connect(&m_socket, &QTcpSocket::connected, this, [this] { sendNext(); });
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] { onData(); });
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    }
    int ok = 0;
    int other = 0;
    bool running = true;

private:
    void sendNext()
    {
        if (!running)
            return;
        const QByteArray &token = m_tokens->at(m_next++ % m_tokens->size());
        m_socket.write("POST " + m_path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                       + token
                       + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
    }
    void onData()
    {
        m_buffer += m_socket.readAll();
        for (;;) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            // Cheap parsing: the client shares the CPUs with the server it measures.
            const QByteArray head = m_buffer.left(end).toLower();
            const qsizetype at = head.indexOf("content-length:");
            const qsizetype length
                = at < 0
                      ? 0
                      : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
            if (m_buffer.size() < end + 4 + length)
                return;
            (m_buffer.mid(9, 3) == "200" ? ok : other)++;
            m_buffer.remove(0, end + 4 + length);
            sendNext();
        }
    }
    QTcpSocket m_socket;
    QByteArray m_buffer;
    QByteArray m_path;
    const QList<QByteArray> *m_tokens;
    int m_next;
};

double joinsPerSecond(
    const ServerProcess &server, const QByteArray &manager, int users, int clients, int seconds)
{
    const QString event = createEvent(server.client(), manager, QStringLiteral("bq"), true);
    QList<QByteArray> tokens;
    for (int i = 0; i < users; ++i)
        tokens.append(testToken(QStringLiteral("joiner-%1").arg(i)));
    std::vector<std::unique_ptr<Joiner>> joiners;
    for (int i = 0; i < clients; ++i)
        joiners.push_back(std::make_unique<Joiner>(server.port(),
                                                   "/events/" + event.toUtf8() + "/queue",
                                                   &tokens,
                                                   i * (users / clients)));
    QTest::qWait(500); // connect, warm the settings cache and the script cache
    int startOk = 0;
    for (const auto &j : joiners)
        startOk += j->ok;
    QElapsedTimer timer;
    timer.start();
    QTest::qWait(seconds * 1000);
    int ok = 0;
    int other = 0;
    for (const auto &j : joiners) {
        ok += j->ok;
        other += j->other;
        j->running = false;
    }
    const double elapsed = timer.elapsed() / 1000.0;
    const double rate = (ok - startOk) / elapsed;
    out << "  HTTP joins: " << qRound(rate) << "/s (" << other << " not 200)";
    QTest::qWait(200);
    return rate;
}

double redisZaddPerSecond(const QUrl &redis, int clients, int requests)
{
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
    out << ", redis-benchmark ZADD: " << qRound(rate) << "/s";
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
        << (limits ? "on (per-IP limit raised)" : "off") << ":" << Qt::endl;
    QList<double> joins;
    QList<double> zadds;
    QList<double> ratios;
    for (int run = 0; run < runs; ++run) {
        out << "run " << run + 1 << ":";
        const double join = joinsPerSecond(server,
                                           manager,
                                           parser.value(QStringLiteral("users")).toInt(),
                                           clients,
                                           parser.value(QStringLiteral("seconds")).toInt());
        // About as long as the HTTP run at the rate seen last time.
        const double zadd = redisZaddPerSecond(redis, clients, std::max(20000, int(join * 10)));
        joins.append(join);
        zadds.append(zadd);
        ratios.append(zadd > 0 ? join / zadd : 0);
        out << ", ratio " << QString::number(ratios.last(), 'f', 3) << " (load " << loadAverage()
            << ")" << Qt::endl;
    }
    out << "median of " << runs << ": joins " << qRound(median(joins)) << "/s, ZADD "
        << qRound(median(zadds)) << "/s, ratio " << QString::number(median(ratios), 'f', 3)
        << " (target >= 0.3)" << Qt::endl;
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

struct LeaseRun
{
    int held = 0;
    int conflicts = 0;
    qint64 xacts = 0; ///< during the run
    qint64 idle = 0;  ///< during an idle run as long (background: sweeper, relay, connections)
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
        << " conflicts in " << QString::number(run.seconds, 'f', 1) << " s; " << run.xacts
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
    option("seconds", "length of one join run", "3");
    option("runs", "repetitions (medians are printed)", "3");
    option("buyers", "buyers for 50 seats", "2000");
    option("wave", "concurrent hold requests", "200");
    option("instances", "server instances for the lease runs", "2");
    option("only", "joins or leases", "");
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
    if (only.isEmpty() || only == u"joins")
        joinsVersusZadd(db, redisUrl, parser);
    if (only.isEmpty() || only == u"leases")
        leasesOnVersusOff(db, parser);
    out << "load average at end: " << loadAverage() << Qt::endl;
    return 0;
}
