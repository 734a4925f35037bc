// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventfinder.h"
#include "mainwindow.h"
#include "salemapclicks.h"
#include "salepage.h"
#include "salesession.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"

#include <client/livesession.h>

#include <QApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;
using boxoffice::client::LiveSession;

// The app's seat page against the real /ws of a boxoffice-server process: another buyer's holds
// and releases (plain HTTP) reach the map through the server's deltas; after the server restarts
// on the same port the page shows "Reconnecting", resumes with `since` (deltas, no snapshot) and
// ends with the database's state.
class TestBoxOfficeLive : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    QTemporaryDir m_dir;

    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }

    /// The server's seat statuses (GET /events/{id}/seatmap) through `client`.
    static QHash<QString, QString> serverStatuses(const HttpClient &client, const QString &eventId)
    {
        QHash<QString, QString> out;
        const auto map = client.get("/events/" + eventId.toUtf8() + "/seatmap");
        for (const QJsonValue &v : map.json().value(u"seats").toArray())
            out.insert(v.toObject().value(u"id").toString(),
                       v.toObject().value(u"status").toString());
        return out;
    }

    /// The seats whose status in the app differs from `expected`.
    static QStringList mismatches(const SaleSession *session,
                                  const QHash<QString, QString> &expected)
    {
        QStringList out;
        for (auto it = expected.cbegin(); it != expected.cend(); ++it)
            if (session->status(it.key()) != it.value())
                out.append(it.key() + u'=' + session->status(it.key()) + u'/' + it.value());
        return out;
    }

    static QByteArray holdSeats(const HttpClient &client,
                                const QString &eventId,
                                const QStringList &seats,
                                const QByteArray &token)
    {
        const auto hold = client.post("/holds",
                                      {{QStringLiteral("event_id"), eventId},
                                       {QStringLiteral("seats"), QJsonArray::fromStringList(seats)}},
                                      token);
        if (hold.status != 201)
            qWarning("hold failed: %d %s", hold.status, hold.body.constData());
        return hold.json().value(u"hold_id").toString().toUtf8();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_boxoffice_live"));
        QSettings().clear();
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        const QByteArray manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent seeded
            = SeededEvent::create(m_server->client(),
                                  manager,
                                  QStringLiteral("hall"),
                                  EventShape::seatsAndGa(8, 14, 50, 2).holding(600, 40));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
    }

    void otherBuyersHoldsReachTheMapAndSurviveAReconnect()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("journal.sqlite")));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.ws()->setReconnectDelay(100);
        // Signed in with a clerk token (the password path is covered by tst_boxoffice_app).
        QVERIFY(restoreClerkSession(window, url(), QStringLiteral("clerk-1")));
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
        window.openEvent(m_eventId);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
        SalePage *page = window.salePage();
        SaleSession *session = window.session();
        QTRY_VERIFY_WITH_TIMEOUT(page->connectionText().contains(QStringLiteral("Live")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(session->status(QStringLiteral("S1-2-3")),
                                  QStringLiteral("available"),
                                  10000);

        // Another buyer holds two seats: held by others on the map within a few seconds.
        const QByteArray fan = testToken(QStringLiteral("fan-9"));
        const QStringList seats{QStringLiteral("S1-2-3"), QStringLiteral("S1-2-4")};
        const QByteArray holdId = holdSeats(m_server->client(), m_eventId, seats, fan);
        QVERIFY(!holdId.isEmpty());
        for (const QString &seat : seats)
            QTRY_COMPARE_WITH_TIMEOUT(session->status(seat), QStringLiteral("held"), 5000);
        QVERIFY(session->basketSeats().isEmpty()); // not ours
        // ...and released: available again.
        QCOMPARE(m_server->client().del("/holds/" + holdId, fan).status, 204);
        for (const QString &seat : seats)
            QTRY_COMPARE_WITH_TIMEOUT(session->status(seat), QStringLiteral("available"), 5000);

        // The server goes away; meanwhile a second instance on the same database takes seats.
        const quint16 port = m_server->port();
        QSignalSpy snapshots(window.ws(), &LiveSession::seatmapSnapshot);
        QSignalSpy deltas(window.ws(), &LiveSession::seatmapDelta);
        m_server->terminate();
        QTRY_VERIFY_WITH_TIMEOUT(page->connectionText().contains(QStringLiteral("Reconnecting")),
                                 5000);
        {
            ServerProcess other(m_server.get(),
                                {QStringLiteral("--redis-url"),
                                 qEnvironmentVariable("BOXOFFICE_TEST_REDIS_URL")});
            QVERIFY2(other.isRunning(), other.log().constData());
            QVERIFY(!holdSeats(other.client(),
                               m_eventId,
                               {QStringLiteral("S2-1-1"), QStringLiteral("S2-1-2")},
                               fan)
                         .isEmpty());
            // Wait until the relay has published the change (the map's version moved).
            QTRY_COMPARE_WITH_TIMEOUT(serverStatuses(other.client(), m_eventId)
                                          .value(QStringLiteral("S2-1-1")),
                                      QStringLiteral("held"),
                                      5000);
            QTest::qWait(500);
        }
        QCOMPARE(session->status(QStringLiteral("S2-1-1")), QStringLiteral("available"));

        // Back on the same port: the app resumes with `since` (deltas only, no snapshot).
        QVERIFY2(m_server->start(port), m_server->log().constData());
        QTRY_VERIFY_WITH_TIMEOUT(page->connectionText().contains(QStringLiteral("Live")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(session->status(QStringLiteral("S2-1-1")),
                                  QStringLiteral("held"),
                                  5000);
        QVERIFY(deltas.size() >= 1);
        QCOMPARE(snapshots.size(), 0);
        const auto expected = serverStatuses(m_server->client(), m_eventId);
        QCOMPARE(expected.size(), 2 * 8 * 14);
        QTRY_COMPARE_WITH_TIMEOUT(mismatches(session, expected), QStringList(), 5000);
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestBoxOfficeLive)
#include "tst_boxoffice_live.moc"
