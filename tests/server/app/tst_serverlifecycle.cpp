// SPDX-License-Identifier: GPL-3.0-or-later
#include "dbcheck.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"
#include "testkeys.h"
#include "venuefixture.h"

#include <QRandomGenerator>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <csignal>
#include <unistd.h>

using namespace boxoffice::test;
namespace keys = boxoffice::test::keys;

// The process: graceful shutdown, the sweeper, a SIGKILL in the middle of a hold burst, and the
// embedded PostgreSQL default.
class TestServerLifecycle : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sweeperExpiresHoldsForTheMap()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ServerProcess server(url, {QStringLiteral("--sweep-interval-ms"), QStringLiteral("200")});
        QVERIFY2(server.isRunning(), server.log().constData());
        const QByteArray manager = testToken(QStringLiteral("m"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(server.client(),
                                                       manager,
                                                       QStringLiteral("sweep"),
                                                       EventShape::seatsAndGa(1, 5, 10).holding(3));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        const QString eventId = seeded.eventId;
        const QByteArray fan = testToken(QStringLiteral("fan"));
        QCOMPARE(server.client()
                     .post("/holds",
                           {{QStringLiteral("event_id"), eventId},
                            {QStringLiteral("seats"), QJsonArray{QStringLiteral("S1-1-1")}}},
                           fan)
                     .status,
                 201);
        QCOMPARE(server.client()
                     .post("/holds",
                           {{QStringLiteral("event_id"), eventId},
                            {QStringLiteral("ga"), QStringLiteral("PISTA")},
                            {QStringLiteral("quantity"), 3}},
                           fan)
                     .status,
                 201);
        // The map (cached from here on, and patched by deltas) shows the hold, then its expiry.
        const auto seatStatus = [&] {
            const auto map = server.client().get("/events/" + eventId.toLatin1() + "/seatmap");
            for (const QJsonValue &seat : map.json().value(u"seats").toArray())
                if (seat.toObject().value(u"id").toString() == u"S1-1-1")
                    return seat.toObject().value(u"status").toString();
            return QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(seatStatus(), QStringLiteral("held"), 10000);
        pqxx::connection connection{server.databaseUrl()};
        QTRY_VERIFY_WITH_TIMEOUT(
            ([&] {
                pqxx::nontransaction work{connection};
                return work.exec1("SELECT count(*) FROM holds WHERE status = 'active'")[0].as<int>()
                       == 0;
            }()),
            10000);
        QTRY_COMPARE_WITH_TIMEOUT(seatStatus(), QStringLiteral("available"), 10000);
        pqxx::nontransaction work{connection};
        QCOMPARE(work.exec1("SELECT count(*) FROM inventory WHERE status = 'held'")[0].as<int>(), 0);
        QCOMPARE(work.exec1("SELECT held FROM ga_zones")[0].as<int>(), 0);
        QCOMPARE(work.exec1("SELECT count(*) FROM outbox WHERE kind = 'seats.released'")[0].as<int>(),
                 1);
        QCOMPARE(work.exec1("SELECT count(*) FROM outbox WHERE kind = 'ga.released'")[0].as<int>(),
                 1);
        QCOMPARE(inventoryViolations(server.databaseUrl()), QString());
        QCOMPARE(server.terminate(), 0);
    }

    void sigkillMidBurstLeavesTheDatabaseConsistent()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ServerProcess server(url);
        QVERIFY2(server.isRunning(), server.log().constData());
        const QByteArray manager = testToken(QStringLiteral("m"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(server.client(),
                                                       manager,
                                                       QStringLiteral("crash"),
                                                       EventShape::seatsAndGa(10, 20, 200, 2));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        const QString eventId = seeded.eventId;
        QVERIFY(!eventId.isEmpty());

        auto *random = QRandomGenerator::global();
        QList<HttpRequest> burst;
        for (int i = 0; i < 300; ++i) {
            QJsonObject body{{QStringLiteral("event_id"), eventId}};
            if (i % 3 == 0) {
                body.insert(QStringLiteral("ga"), QStringLiteral("PISTA"));
                body.insert(QStringLiteral("quantity"), 1 + int(random->bounded(3)));
            } else {
                QStringList seats;
                const int row = 1 + int(random->bounded(10));
                const int start = 1 + int(random->bounded(17));
                for (int n = 0; n < 1 + int(random->bounded(4)); ++n)
                    seats.append(QStringLiteral("S%1-%2-%3").arg(1 + i % 2).arg(row).arg(start + n));
                body.insert(QStringLiteral("seats"), QJsonArray::fromStringList(seats));
            }
            burst.append(HttpClient::request("POST",
                                             "/holds",
                                             QJsonDocument(body).toJson(),
                                             testToken(QStringLiteral("k%1").arg(i))));
        }
        // Kill the server while the burst is in flight.
        QTimer::singleShot(250, [&server] { server.kill(); });
        const auto responses = server.client().concurrently(burst, 30000);
        int answered = 0;
        for (const auto &response : responses)
            answered += response.status != 0 ? 1 : 0;
        qInfo("answered before the kill: %d of %lld", answered, qlonglong(responses.size()));
        QCOMPARE(inventoryViolations(server.databaseUrl()), QString());

        // Restart on the same database: it serves, and what was held stays consistent.
        QVERIFY2(server.start(), server.log().constData());
        const auto after = server.client().post("/holds",
                                                {{QStringLiteral("event_id"), eventId},
                                                 {QStringLiteral("ga"), QStringLiteral("PISTA")},
                                                 {QStringLiteral("quantity"), 1}},
                                                testToken(QStringLiteral("after")));
        QVERIFY(after.status == 201 || after.status == 422);
        QCOMPARE(inventoryViolations(server.databaseUrl()), QString());
        QCOMPARE(server.terminate(), 0);
    }

    void sigtermFinishesInFlightRequests()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        ServerProcess server(url);
        QVERIFY2(server.isRunning(), server.log().constData());
        const QByteArray manager = testToken(QStringLiteral("m"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(server.client(),
                                                       manager,
                                                       QStringLiteral("term"),
                                                       EventShape::seats(10, 20));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        const QString eventId = seeded.eventId;
        QList<HttpRequest> burst;
        for (int i = 0; i < 200; ++i) {
            const QJsonObject
                body{{QStringLiteral("event_id"), eventId},
                     {QStringLiteral("seats"),
                      QJsonArray{QStringLiteral("S1-%1-%2").arg(1 + i % 10).arg(1 + i / 10)}}};
            burst.append(HttpClient::request("POST",
                                             "/holds",
                                             QJsonDocument(body).toJson(),
                                             testToken(QStringLiteral("t%1").arg(i))));
        }
        int exitCode = -2;
        QTimer::singleShot(60, [&server, &exitCode] { exitCode = server.terminate(20000); });
        const auto responses = server.client().concurrently(burst, 30000);
        QCOMPARE(exitCode, 0); // graceful: in-flight work finished, pools closed, exit 0
        int created = 0;
        for (const auto &response : responses) {
            QVERIFY(response.status == 0 || response.status == 201); // refused or done, nothing else
            created += response.status == 201 ? 1 : 0;
        }
        qInfo("answered %d of %lld before the server stopped", created, qlonglong(responses.size()));
        pqxx::connection connection{server.databaseUrl()};
        pqxx::nontransaction work{connection};
        // Every answered hold is in the database (and maybe a few whose answer was cut).
        QVERIFY(work.exec1("SELECT count(*) FROM holds")[0].as<int>() >= created);
        QCOMPARE(inventoryViolations(server.databaseUrl()), QString());
    }

    void servesTls()
    {
        const std::string url = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!url.empty());
        QTemporaryDir dir;
        QFile cert(dir.filePath(QStringLiteral("tls.crt")));
        QFile key(dir.filePath(QStringLiteral("tls.key")));
        QVERIFY(cert.open(QIODevice::WriteOnly) && key.open(QIODevice::WriteOnly));
        cert.write(keys::kTlsCertificate);
        key.write(keys::kTlsKey);
        cert.close();
        key.close();
        ServerProcess server(url,
                             {QStringLiteral("--tls-cert"),
                              cert.fileName(),
                              QStringLiteral("--tls-key"),
                              key.fileName()});
        QVERIFY2(server.isRunning(), server.log().constData());
        QSslSocket socket;
        socket.setPeerVerifyMode(QSslSocket::VerifyNone); // self-signed test certificate
        socket.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server.port());
        QVERIFY2(socket.waitForEncrypted(10000), qPrintable(socket.errorString()));
        socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        QByteArray answer;
        while (!answer.contains("\"ok\"}") && socket.waitForReadyRead(5000))
            answer += socket.readAll();
        QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
        // Plain HTTP on the TLS port gets no answer.
        QCOMPARE(server.client().get("/healthz").status, 0);
        QCOMPARE(server.terminate(), 0);
        // A missing key is a clear startup error.
        QByteArray out;
        QCOMPARE(ServerProcess::run({QStringLiteral("serve"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(server.databaseUrl()),
                                     QStringLiteral("--listen"),
                                     QStringLiteral("127.0.0.1:0"),
                                     QStringLiteral("--tls-cert"),
                                     cert.fileName()},
                                    &out),
                 2);
    }

    void embeddedPostgresByDefault()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (::geteuid() == 0) // the service user must reach the data directory
            QFile::setPermissions(dir.path(),
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                      | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                      | QFileDevice::ExeOther);
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("BOXOFFICE_DATABASE_URL"));
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        process.setProcessEnvironment(env);
        process.start(ServerProcess::binary(),
                      {QStringLiteral("serve"),
                       QStringLiteral("--listen"),
                       QStringLiteral("127.0.0.1:0"),
                       QStringLiteral("--data-dir"),
                       dir.path() + QStringLiteral("/var")});
        QByteArray out;
        quint16 port = 0;
        QDeadlineTimer deadline(90000);
        while (port == 0 && !deadline.hasExpired() && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(200);
            out += process.readAllStandardOutput();
            const qsizetype at = out.indexOf("listening on http://127.0.0.1:");
            if (at >= 0 && out.indexOf('\n', at) > 0)
                port = quint16(out.mid(at + 30, out.indexOf('\n', at) - at - 30).trimmed().toUInt());
        }
        QVERIFY2(port != 0, process.readAllStandardError().constData());
        HttpClient client("127.0.0.1", port);
        QCOMPARE(client.get("/readyz").status, 200);
        QCOMPARE(client
                     .postRaw("/venues",
                              venueJson(QStringLiteral("emb"), 1, 1, 3),
                              testToken(QStringLiteral("m"), QStringLiteral("manager")))
                     .status,
                 201);
        // Killed without a goodbye, the server leaves its cluster running; the next start copes.
        process.kill();
        QVERIFY(process.waitForFinished(30000));
        QVERIFY(QFile::exists(dir.path() + QStringLiteral("/var/pg/postmaster.pid")));
        out.clear();
        port = 0;
        process.start(ServerProcess::binary(),
                      {QStringLiteral("serve"),
                       QStringLiteral("--listen"),
                       QStringLiteral("127.0.0.1:0"),
                       QStringLiteral("--data-dir"),
                       dir.path() + QStringLiteral("/var")});
        while (port == 0 && !deadline.hasExpired() && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(200);
            out += process.readAllStandardOutput();
            const qsizetype at = out.indexOf("listening on http://127.0.0.1:");
            if (at >= 0 && out.indexOf('\n', at) > 0)
                port = quint16(out.mid(at + 30, out.indexOf('\n', at) - at - 30).trimmed().toUInt());
        }
        QVERIFY2(port != 0, process.readAllStandardError().constData());
        HttpClient again("127.0.0.1", port);
        QCOMPARE(again.get("/venues/emb").status, 200); // the data survived
        ::kill(pid_t(process.processId()), SIGTERM);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        // The cluster was stopped with the server.
        QVERIFY(!QFile::exists(dir.path() + QStringLiteral("/var/pg/postmaster.pid")));
    }
};

QTEST_GUILESS_MAIN(TestServerLifecycle)
#include "tst_serverlifecycle.moc"
