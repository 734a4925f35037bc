// SPDX-License-Identifier: GPL-3.0-or-later
#include "realtimefixture.h"
#include "redisfixture.h"
#include "testenv.h"

#include <QTcpSocket>
#include <QTest>

#include <algorithm>

using namespace boxoffice::test;

// Issue 15, defect 11: sign-in is rate limited per client address and per account, an account
// is locked out after repeated failures (429 with Retry-After, counted in /metrics), and scrypt
// runs on a small bounded pool of its own: a flood of sign-ins is refused (503) beyond that
// pool's queue instead of starving holds on the database workers. Real server, PostgreSQL and
// Redis; clients from 127.0.0.1 and 127.0.0.2.
class TestLoginGuard : public QObject
{
    Q_OBJECT
private:
    // Redis keeps limits and lockouts across runs: names and addresses of this run only.
    const qint64 m_run = QDateTime::currentMSecsSinceEpoch() % 60000;
    QString name(const char *base) const
    {
        return QStringLiteral("%1-%2").arg(QLatin1String(base)).arg(m_run);
    }
    QString address(int last) const
    {
        return QStringLiteral("127.%1.%2.%3").arg(1 + m_run / 250 % 250).arg(m_run % 250).arg(last);
    }

    static QHash<QString, QString> baseEnv()
    {
        return {{QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"), QStringLiteral("0")},
                {QStringLiteral("BOXOFFICE_LOGIN_ACCOUNT_PER_MINUTE"), QStringLiteral("0")}};
    }

    OwnRedis m_redis; // limits and lockouts of its own: no other test's buckets touched

    std::unique_ptr<ServerProcess> start(QHash<QString, QString> env)
    {
        return std::make_unique<ServerProcess>(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                                               QStringList{QStringLiteral("--redis-url"),
                                                           m_redis.url()},
                                               env);
    }

    static bool createUser(const ServerProcess &server,
                           const QString &name,
                           const QByteArray &password)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        return ServerProcess::run({QStringLiteral("create-user"),
                                   QStringLiteral("--database-url"),
                                   QString::fromStdString(server.databaseUrl()),
                                   QStringLiteral("--username"),
                                   name,
                                   QStringLiteral("--role"),
                                   QStringLiteral("clerk"),
                                   QStringLiteral("--password-stdin")},
                                  nullptr,
                                  env,
                                  password + '\n')
               == 0;
    }

    static QByteArray loginBody(const QString &name, const QString &password)
    {
        return QJsonDocument(QJsonObject{{QStringLiteral("username"), name},
                                         {QStringLiteral("password"), password}})
            .toJson(QJsonDocument::Compact);
    }

    // POST /auth/login from the loopback address `source`; {status, Retry-After}.
    static std::pair<int, QByteArray> loginFrom(const QString &source,
                                                quint16 port,
                                                const QString &name,
                                                const QString &password)
    {
        QTcpSocket socket;
        if (!socket.bind(QHostAddress(source)))
            return {-1, {}};
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (!socket.waitForConnected(5000))
            return {-2, {}};
        const QByteArray body = loginBody(name, password);
        socket.write("POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: "
                     + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QByteArray answer;
        QDeadlineTimer deadline(15000);
        while (!deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState) {
            if (socket.waitForReadyRead(200))
                answer += socket.readAll();
            if (answer.contains("\r\n\r\n"))
                break;
        }
        const int status = answer.mid(9, 3).toInt();
        QByteArray retryAfter;
        for (const QByteArray &line : answer.left(answer.indexOf("\r\n\r\n")).split('\n')) {
            if (line.toLower().startsWith("retry-after:"))
                retryAfter = line.mid(12).trimmed();
        }
        return {status, retryAfter};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(!requiredEnv("BOXOFFICE_TEST_DATABASE_URL").empty());
        QVERIFY(m_redis.start());
    }

    // Three wrong passwords lock the account: the right one is refused too, with Retry-After;
    // another account is not affected; /metrics counts the lockout.
    void lockoutAfterFailures()
    {
        auto env = baseEnv();
        env.insert(QStringLiteral("BOXOFFICE_LOGIN_LOCKOUT_FAILURES"), QStringLiteral("3"));
        const auto server = start(env);
        QVERIFY2(server->isRunning(), server->log().constData());
        QVERIFY(createUser(*server, name("locky"), "right-password-1"));
        QVERIFY(createUser(*server, name("bystander"), "right-password-2"));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(loginFrom(address(1),
                               server->port(),
                               name("locky"),
                               QStringLiteral("guess-%1").arg(i))
                         .first,
                     401);
        const auto locked = loginFrom(address(1),
                                      server->port(),
                                      name("locky"),
                                      QStringLiteral("right-password-1"));
        QCOMPARE(locked.first, 429);
        QVERIFY(locked.second.toInt() > 60);
        QCOMPARE(loginFrom(address(1),
                           server->port(),
                           name("bystander"),
                           QStringLiteral("right-password-2"))
                     .first,
                 200);
        QCOMPARE(metricValue(*server, QStringLiteral("boxoffice_login_lockouts_total")), 1.0);
    }

    // Four attempts per address, then 429; another address still gets its answers.
    void limitedPerAddress()
    {
        auto env = baseEnv();
        env.insert(QStringLiteral("BOXOFFICE_LOGIN_IP_PER_MINUTE"), QStringLiteral("1"));
        env.insert(QStringLiteral("BOXOFFICE_LOGIN_IP_BURST"), QStringLiteral("4"));
        const auto server = start(env);
        QVERIFY2(server->isRunning(), server->log().constData());
        QVERIFY(createUser(*server, name("target"), "right-password-3"));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(loginFrom(address(1),
                               server->port(),
                               name("user").append(QString::number(i)),
                               QStringLiteral("nope"))
                         .first,
                     401);
        const auto limited = loginFrom(address(1),
                                       server->port(),
                                       name("target"),
                                       QStringLiteral("right-password-3"));
        QCOMPARE(limited.first, 429);
        QVERIFY(limited.second.toInt() >= 1);
        QCOMPARE(loginFrom(address(2),
                           server->port(),
                           name("target"),
                           QStringLiteral("right-password-3"))
                     .first,
                 200);
    }

    // 120 sign-ins at once (right passwords: each is a full scrypt) and 20 holds behind them:
    // the holds are answered fast, and the sign-ins beyond the pool's queue are refused at once.
    void floodDoesNotStarveHolds()
    {
        auto env = baseEnv();
        env.insert(QStringLiteral("BOXOFFICE_LOGIN_THREADS"), QStringLiteral("1"));
        env.insert(QStringLiteral("BOXOFFICE_LOGIN_QUEUE"), QStringLiteral("8"));
        const auto server = start(env);
        QVERIFY2(server->isRunning(), server->log().constData());
        QVERIFY(createUser(*server, QStringLiteral("crowd"), "right-password-4"));
        const QString event = createEvent(*server, QStringLiteral("floodhall"), 1, 4, 10, 50, 50);
        QVERIFY(!event.isEmpty());
        QList<HttpRequest> requests;
        for (int i = 0; i < 120; ++i)
            requests.append(HttpClient::request("POST",
                                                "/auth/login",
                                                loginBody(QStringLiteral("crowd"),
                                                          QStringLiteral("right-password-4")),
                                                {}));
        for (int i = 0; i < 20; ++i)
            requests.append(HttpClient::request(
                "POST",
                "/holds",
                QJsonDocument(
                    holdBody(event, {QStringLiteral("S1-%1-%2").arg(1 + i / 10).arg(1 + i % 10)}))
                    .toJson(QJsonDocument::Compact),
                testToken(QStringLiteral("flood-fan-%1").arg(i))));
        const QList<HttpResponse> answers = server->client().concurrently(requests, 60000, true);
        int signedIn = 0;
        int refused = 0;
        for (int i = 0; i < 120; ++i) {
            signedIn += answers[i].status == 200 ? 1 : 0;
            if (answers[i].status == 503) {
                ++refused;
                QVERIFY(!answers[i].header("retry-after").isEmpty());
            }
        }
        QList<qint64> holdMs;
        int held = 0;
        for (int i = 120; i < answers.size(); ++i) {
            held += answers[i].status == 201 ? 1 : 0;
            holdMs.append(answers[i].status == 201 ? answers[i].elapsedUs / 1000 : 60000);
        }
        std::sort(holdMs.begin(), holdMs.end());
        qInfo("%d of 20 holds answered 201 within 60 s", held);
        qInfo("sign-ins: %d answered 200, %d refused 503; holds: median %lld ms, slowest %lld ms",
              signedIn,
              refused,
              holdMs[holdMs.size() / 2],
              holdMs.last());
        QCOMPARE(held, 20);
        QVERIFY(signedIn >= 1);
        QVERIFY(refused > 0);
        QVERIFY2(holdMs.last() < 1500, "holds waited behind the sign-ins");
    }
};

QTEST_GUILESS_MAIN(TestLoginGuard)
#include "tst_loginguard.moc"
