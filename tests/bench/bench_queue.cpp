// bench_queue: queue joins per second through the HTTP API next to `redis-benchmark -t zadd` on
// the same Redis, and PostgreSQL transactions per successful hold when 2,000 buyers want 50
// seats, with per-seat Redis leases on and off.
//
//   eval "$(scripts/services env)"
//   build/ci/tests/bench/bench_queue [--users 20000] [--clients 32] [--seconds 5] [--buyers 2000] [--wave 200]
//
// Not a test: it prints figures. Target (issue 5): joins/s >= 0.3 x redis-benchmark ZADD/s.

#include "serverprocess.h"
#include "venuefixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTest>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <QUrl>

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
            static const QRegularExpression lengthPattern(
                QStringLiteral("(?i)content-length:\\s*(\\d+)"));
            const auto match = lengthPattern.match(QString::fromLatin1(m_buffer.left(end)));
            const qsizetype length = match.hasMatch() ? match.captured(1).toLongLong() : 0;
            if (m_buffer.size() < end + 4 + length)
                return;
            (m_buffer.mid(9, 3).toInt() == 200 ? ok : other)++;
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
    QTest::qWait(300); // connect
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
    out << "queue joins (HTTP, " << clients << " keep-alive clients, " << users
        << " users): " << qRound(rate) << "/s, " << other << " not 200" << Qt::endl;
    QTest::qWait(200);
    return rate;
}

double redisZaddPerSecond(const QUrl &redis)
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
                 QStringLiteral("100000"),
                 QStringLiteral("-c"),
                 QStringLiteral("50"),
                 QStringLiteral("-q")});
    bench.waitForFinished(120000);
    const QString text = QString::fromLocal8Bit(bench.readAllStandardOutput());
    const auto match = QRegularExpression(QStringLiteral("ZADD: ([0-9.]+) requests per second"))
                           .match(text);
    out << "redis-benchmark: " << text.trimmed().split(u'\r').last().trimmed() << Qt::endl;
    return match.hasMatch() ? match.captured(1).toDouble() : 0;
}

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

void buyersForSeats(
    const std::string &adminUrl, const QString &redisUrl, bool leases, int buyers, int wave)
{
    ServerProcess server(adminUrl,
                         {QStringLiteral("--redis-url"), redisUrl},
                         {{QStringLiteral("BOXOFFICE_SEAT_LEASES"),
                           leases ? QStringLiteral("1") : QStringLiteral("0")}});
    const QByteArray manager = testToken(QStringLiteral("bench-manager"), QStringLiteral("manager"));
    server.client().postRaw("/venues", venueJson(QStringLiteral("b50"), 1, 5, 10, 0), manager);
    const QString event = createEvent(server.client(), manager, QStringLiteral("b50"), false);
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
    server.terminate();
    server.start();
    QThread::msleep(500);
    const qint64 before = transactions(server.databaseUrl());
    int held = 0;
    int conflicts = 0;
    QElapsedTimer timer;
    timer.start();
    for (int start = 0; start < buyers; start += wave) {
        for (const auto &answer :
             server.client().concurrently(requests.mid(start, wave), 60000, true)) {
            held += answer.status == 201;
            conflicts += answer.status == 409;
        }
    }
    const double seconds = timer.elapsed() / 1000.0;
    // Backends flush their statistics when they exit (idle ones only every 10 s otherwise).
    server.terminate();
    QThread::msleep(500);
    const qint64 xacts = transactions(server.databaseUrl()) - before - 1;
    // The background (sweeper, outbox relay, projections, connection set-up) over an idle run
    // of the same length, to tell the holds' own transactions apart.
    const qint64 idleBefore = transactions(server.databaseUrl());
    server.start();
    QThread::msleep(qMax<qint64>(500, qint64(seconds * 1000)));
    server.client().get("/healthz");
    server.terminate();
    QThread::msleep(500);
    const qint64 idle = transactions(server.databaseUrl()) - idleBefore - 1;
    const qint64 net = qMax<qint64>(0, xacts - idle);
    out << "leases " << (leases ? "on " : "off") << ": " << buyers << " buyers, " << held
        << " holds, " << conflicts << " conflicts in " << seconds << " s; " << xacts
        << " PostgreSQL transactions (" << idle
        << " in an idle run as long) = " << (held ? double(xacts) / held : 0)
        << " per successful hold, " << (held ? double(net) / held : 0)
        << " net of the idle background" << Qt::endl;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("users"),
                      QStringLiteral("distinct queue users"),
                      QStringLiteral("n"),
                      QStringLiteral("20000")});
    parser.addOption({QStringLiteral("clients"),
                      QStringLiteral("keep-alive join clients"),
                      QStringLiteral("n"),
                      QStringLiteral("32")});
    parser.addOption({QStringLiteral("seconds"),
                      QStringLiteral("join run"),
                      QStringLiteral("s"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("buyers"),
                      QStringLiteral("buyers for 50 seats"),
                      QStringLiteral("n"),
                      QStringLiteral("2000")});
    parser.addOption({QStringLiteral("wave"),
                      QStringLiteral("concurrent requests"),
                      QStringLiteral("n"),
                      QStringLiteral("200")});
    parser.process(app);
    const QByteArray db = qgetenv("BOXOFFICE_TEST_DATABASE_URL");
    const QByteArray redis = qgetenv("BOXOFFICE_TEST_REDIS_URL");
    if (db.isEmpty() || redis.isEmpty()) {
        out << "set BOXOFFICE_TEST_DATABASE_URL and BOXOFFICE_TEST_REDIS_URL (scripts/services env)"
            << Qt::endl;
        return 2;
    }
    const int wave = parser.value(QStringLiteral("wave")).toInt();
    {
        ServerProcess server(db.toStdString(),
                             {},
                             {{QStringLiteral("BOXOFFICE_RATE_USER_PER_MINUTE"),
                               QStringLiteral("0")},
                              {QStringLiteral("BOXOFFICE_RATE_IP_PER_MINUTE"),
                               QStringLiteral("0")}});
        const QByteArray manager = testToken(QStringLiteral("bench-manager"),
                                             QStringLiteral("manager"));
        server.client().postRaw("/venues", venueJson(QStringLiteral("bq"), 1, 1, 5, 0), manager);
        const double joins = joinsPerSecond(server,
                                            manager,
                                            parser.value(QStringLiteral("users")).toInt(),
                                            parser.value(QStringLiteral("clients")).toInt(),
                                            parser.value(QStringLiteral("seconds")).toInt());
        const double zadd = redisZaddPerSecond(QUrl(QString::fromLatin1(redis)));
        out << "ratio joins/ZADD: " << (zadd > 0 ? joins / zadd : 0) << " (target >= 0.3)"
            << Qt::endl;
    }
    const int buyers = parser.value(QStringLiteral("buyers")).toInt();
    buyersForSeats(db.toStdString(), QString::fromLatin1(redis), true, buyers, wave);
    buyersForSeats(db.toStdString(), QString::fromLatin1(redis), false, buyers, wave);
    return 0;
}
