// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "backoffice.h"
#include "eventfinder.h"
#include "mainwindow.h"
#include "manage/categorychart.h"
#include "manage/dashboardpage.h"
#include "manage/eventlistmodel.h"
#include "manage/eventspage.h"
#include "manage/hourchart.h"
#include "manage/manageworkspace.h"
#include "manage/statsfeed.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"
#include "workspacesignin.h"

#include <QApplication>
#include <QBarSet>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The back office's live sales dashboard against a real boxoffice-server: it opens on the event
// highlighted in the Events tab, its figures, charts and tables are the server's stats; sales
// made elsewhere reach it by themselves over the WebSocket within a couple of seconds; a burst of
// sales costs a few requests, a second apart at least; the waiting room's line; Spanish; a dead
// server is said, the last figures stay, and it recovers.
class TestDashboard : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<MainWindow> m_window;
    QByteArray m_manager;
    QByteArray m_clerk;
    QString m_eventId;
    QString m_queuedId;
    SeatRows m_rows;
    QTemporaryDir m_dir;
    QString m_screenshots;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }
    QJsonObject stats(const QString &id) const
    {
        return http().get(eventPath(id, "/stats"), m_manager).json();
    }
    DashboardPage *page() const { return m_window->workspace()->findChild<DashboardPage *>(); }

    /// A clerk's hold and counter card sale of `seats` (false when either was refused).
    static bool sell(const HttpClient &client,
                     const QByteArray &clerk,
                     const QString &eventId,
                     const QStringList &seats)
    {
        const HttpResponse hold = client.post("/holds",
                                              {{QStringLiteral("event_id"), eventId},
                                               {QStringLiteral("seats"),
                                                QJsonArray::fromStringList(seats)}},
                                              clerk);
        if (hold.status != 201)
            return false;
        const HttpResponse order
            = client.post("/orders",
                          {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                           {QStringLiteral("payment"),
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                        {QStringLiteral("reference"), QStringLiteral("T")}}}},
                          clerk);
        return order.status == 201;
    }

    void createManager()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("boss"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("manager"),
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
    }

    /// The page shows exactly the server's figures of its event now.
    void compareWithServer()
    {
        DashboardPage *dash = page();
        const QJsonObject s = stats(dash->eventId());
        const QLocale locale;
        QCOMPARE(dash->figureText(DashboardPage::Sold),
                 locale.toString(s.value(u"sold").toInteger()));
        QCOMPARE(dash->figureText(DashboardPage::Held),
                 locale.toString(s.value(u"held").toInteger()));
        QCOMPARE(dash->figureText(DashboardPage::Available),
                 locale.toString(s.value(u"available").toInteger()));
        const QJsonObject back = s.value(u"held_back").toObject();
        QCOMPARE(dash->figureText(DashboardPage::HeldBack),
                 locale.toString(back.value(u"kill").toInteger() + back.value(u"house").toInteger()
                                 + back.value(u"allocation").toInteger()));
        QCOMPARE(dash->figureText(DashboardPage::Comps),
                 locale.toString(s.value(u"comps").toInteger()));
        QCOMPARE(dash->figureText(DashboardPage::Capacity),
                 locale.toString(s.value(u"capacity").toInteger()));
        QVERIFY2(dash->figureText(DashboardPage::Revenue).endsWith(s.value(u"currency").toString()),
                 qPrintable(dash->figureText(DashboardPage::Revenue)));
        // Charts and table: every category's numbers, by name.
        const QJsonArray categories = s.value(u"by_category").toArray();
        CategoryChart *chart = dash->categoryChart();
        QCOMPARE(chart->categories().size(), categories.size());
        QTableWidget *table = dash->categoryTable();
        QCOMPARE(table->rowCount(), categories.size() + 1); // and the total
        for (int i = 0; i < categories.size(); ++i) {
            const QJsonObject c = categories[i].toObject();
            const int bar = int(chart->categories().indexOf(c.value(u"name").toString()));
            QVERIFY2(bar >= 0, qPrintable(c.value(u"name").toString()));
            QCOMPARE(qint64(chart->set(CategoryChart::Sold)->at(bar)), c.value(u"sold").toInteger());
            QCOMPARE(qint64(chart->set(CategoryChart::Held)->at(bar)), c.value(u"held").toInteger());
            QCOMPARE(qint64(chart->set(CategoryChart::HeldBack)->at(bar)),
                     c.value(u"held_back").toInteger());
            QCOMPARE(qint64(chart->set(CategoryChart::Available)->at(bar)),
                     c.value(u"available").toInteger());
            QCOMPARE(qint64(chart->set(CategoryChart::Comps)->at(bar)),
                     c.value(u"comps").toInteger());
            QCOMPARE(table->item(i, 0)->text(), c.value(u"name").toString());
            QCOMPARE(table->item(i, 2)->text(), locale.toString(c.value(u"sold").toInteger()));
        }
        // Sales per hour: online and counter of the newest hour, in the chart and the table.
        const QJsonArray hours = s.value(u"per_hour").toArray();
        HourChart *perHour = dash->hourChart();
        QCOMPARE(perHour->counter()->count(), std::min<qsizetype>(hours.size(), HourChart::kHours));
        if (!hours.isEmpty()) {
            const QJsonObject last = hours.last().toObject();
            QCOMPARE(qint64(perHour->counter()->at(perHour->counter()->count() - 1)),
                     last.value(u"counter").toInteger());
            QCOMPARE(qint64(perHour->online()->at(perHour->online()->count() - 1)),
                     last.value(u"online").toInteger());
            QCOMPARE(dash->hourTable()->item(0, 2)->text(),
                     locale.toString(last.value(u"counter").toInteger()));
        }
    }

    /// Waits until the page shows `sold` places sold.
    bool waitForSold(qint64 sold, int timeoutMs)
    {
        return QTest::qWaitFor([&] { return page()->figures().places.sold == sold; }, timeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_dashboard"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        m_clerk = testToken(QStringLiteral("counter-clerk"), QStringLiteral("clerk"));
        // Two sections: S1 is category A, S2 category B.
        const SeededEvent gala = SeededEvent::create(http(),
                                                     m_manager,
                                                     QStringLiteral("hall"),
                                                     EventShape::seats(10, 10, 2)
                                                         .holding(600, 1000, 10)
                                                         .titled(QStringLiteral("Gala Night")));
        QVERIFY2(gala.ok(), gala.error().constData());
        m_eventId = gala.eventId;
        const SeededEvent queued = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("arena"),
                                                       EventShape::seats(2, 10)
                                                           .titled(QStringLiteral("Arena Tour"))
                                                           .queued(30, 50));
        QVERIFY2(queued.ok(), queued.error().constData());
        m_queuedId = queued.eventId;
        // Kills in B, a sale and a basket in A.
        const HttpResponse kill = sendWithIfMatch(http(),
                                                  "PUT",
                                                  eventPath(m_eventId, "/holdbacks"),
                                                  {{QStringLiteral("seats"),
                                                    QJsonArray{QStringLiteral("S2-1-1"),
                                                               QStringLiteral("S2-1-2")}},
                                                   {QStringLiteral("kind"), QStringLiteral("kill")}},
                                                  m_manager,
                                                  eventTag(http(), m_eventId));
        QVERIFY2(kill.status == 200, kill.body.constData());
        QVERIFY(sell(http(), m_clerk, m_eventId, m_rows.next(3)));
        QCOMPARE(http()
                     .post("/holds",
                           {{QStringLiteral("event_id"), m_eventId},
                            {QStringLiteral("seats"), QJsonArray::fromStringList(m_rows.next(2))}},
                           m_clerk)
                     .status,
                 201);
        createManager();
    }

    void opensOnTheHighlightedEventWithTheServersFigures()
    {
        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("j.sqlite")));
        MainWindow &window = *m_window;
        QVERIFY(openBackOffice(window, url()));
        EventsPage *events = window.workspace()->eventsPage();
        QTRY_VERIFY_WITH_TIMEOUT(!events->isLoading() && events->model()->rowCount() == 2, 10000);
        QVERIFY(events->select(m_eventId));
        // The keyboard's way to the dashboard: Ctrl+Tab to the next tab.
        QTabWidget *tabs = window.workspace()->sections();
        QCOMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Dashboard"));
        tabs->setFocus();
        QTest::keyClick(tabs, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(page()));
        QTRY_COMPARE_WITH_TIMEOUT(page()->eventId(), m_eventId, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(page()->figures().eventId == m_eventId, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(page()->feed()->session()->state(),
                                  boxoffice::client::LiveSession::State::Live,
                                  10000);
        compareWithServer();
        QVERIFY(page()->statusText().startsWith(u"Updated "));
        QCOMPARE(page()->figures().places.sold, 3);
        QCOMPARE(page()->figures().places.held, 2);
        QCOMPARE(page()->figures().places.kill, 2);
        QCOMPARE(page()->queueText(), QString()); // no waiting room here
        // Read without the charts: the tables and the figures have names for a screen reader.
        QVERIFY(page()->categoryTable()->accessibleName().contains(u"price category"));
        QVERIFY(page()
                    ->findChild<QLabel *>(QStringLiteral("figure0"))
                    ->accessibleName()
                    .startsWith(u"Sold: 3"));
        QCOMPARE(page()->categoryTable()->focusPolicy() & Qt::TabFocus, Qt::TabFocus);
        // The keyboard's path: Alt+T to the event, Ctrl+R refreshes.
        page()->categoryTable()->setFocus();
        QTest::keyClick(m_window.get(), Qt::Key_T, Qt::AltModifier);
        QTRY_VERIFY(page()->eventBox()->hasFocus());
        const int requests = page()->feed()->requestsSent();
        QTest::keyClick(page()->eventBox(), Qt::Key_R, Qt::ControlModifier);
        QTRY_VERIFY(page()->feed()->requestsSent() > requests);
        QTRY_VERIFY(!page()->feed()->isBusy());
    }

    void salesElsewhereShowWithoutAClick()
    {
        const int requests = page()->feed()->requestsSent();
        QElapsedTimer clock;
        clock.start();
        QVERIFY(sell(http(), m_clerk, m_eventId, m_rows.next(2)));
        QVERIFY2(waitForSold(5, 3000), qPrintable(QString::number(page()->figures().places.sold)));
        qInfo("the sale showed after %lld ms", clock.elapsed());
        QVERIFY(page()->feed()->requestsSent() > requests);
        compareWithServer();
    }

    void aBurstOfSalesCostsAFewRequests()
    {
        QList<qint64> starts;
        QElapsedTimer clock;
        clock.start();
        QObject scope; // the connection ends with this test, whatever it ends with
        connect(page()->feed(), &StatsFeed::requestStarted, &scope, [&] {
            starts.append(clock.elapsed());
        });
        const int requests = page()->feed()->requestsSent();
        // 20 sales, one seat each, from another thread while the window goes on.
        std::atomic_int sold = 0;
        QStringList seats;
        for (int i = 0; i < 2; ++i)
            seats += m_rows.next(10);
        std::unique_ptr<QThread> seller(QThread::create([&] {
            const HttpClient client = http();
            for (const QString &seat : seats)
                if (sell(client, m_clerk, m_eventId, {seat}))
                    ++sold;
        }));
        seller->start();
        QTRY_VERIFY_WITH_TIMEOUT(seller->isFinished(), 30000);
        const qint64 burstMs = clock.elapsed();
        QCOMPARE(sold.load(), 20);
        QVERIFY2(waitForSold(25, 3000), qPrintable(QString::number(page()->figures().places.sold)));
        QTest::qWait(1200); // a refresh still due would show here
        const int made = page()->feed()->requestsSent() - requests;
        qInfo("20 sales in %lld ms: %d stats requests", burstMs, made);
        // At most one a second (plus the one a delta may start at once, and the poll's).
        QVERIFY2(made >= 1 && made <= int(burstMs / 1000) + 3, qPrintable(QString::number(made)));
        for (int i = 1; i < starts.size(); ++i)
            QVERIFY2(starts[i] - starts[i - 1] >= 950,
                     qPrintable(QStringLiteral("%1 ms apart").arg(starts[i] - starts[i - 1])));
        compareWithServer();
        QTest::qWait(50);
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-20-dashboard.png"));
    }

    void theWaitingRoomsLine()
    {
        page()->openEvent(m_queuedId);
        QTRY_VERIFY_WITH_TIMEOUT(page()->figures().eventId == m_queuedId, 10000);
        QVERIFY2(page()->queueText().startsWith(u"Waiting room:"), qPrintable(page()->queueText()));
        const QJsonObject queue = stats(m_queuedId).value(u"queue").toObject();
        if (queue.value(u"live").toBool())
            QVERIFY2(page()->queueText().contains(
                         QStringLiteral("%1 waiting").arg(queue.value(u"waiting").toInteger())),
                     qPrintable(page()->queueText()));
        page()->openEvent(m_eventId);
        QTRY_VERIFY_WITH_TIMEOUT(page()->figures().eventId == m_eventId, 10000);
        QCOMPARE(page()->queueText(), QString());
    }

    void inSpanish()
    {
        m_window->setLanguage(QStringLiteral("es"));
        struct English // back to English whatever happens here
        {
            MainWindow *window;
            ~English() { window->setLanguage(QStringLiteral("en")); }
        } english{m_window.get()};
        QTabWidget *tabs = m_window->workspace()->sections();
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Panel de ventas"));
        QVERIFY2(page()->statusText().startsWith(u"Actualizado"), qPrintable(page()->statusText()));
        QVERIFY2(page()->categoryChart()->set(CategoryChart::Sold)->label() == u"Vendidas",
                 qPrintable(page()->categoryChart()->set(CategoryChart::Sold)->label()));
        QTest::qWait(50);
        QVERIFY(m_window->grab().save(m_screenshots + u"/manage-21-dashboard-es.png"));
        m_window->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Dashboard"));
    }

    void aDeadServerIsSaidAndTheFiguresStay()
    {
        const QString sold = page()->figureText(DashboardPage::Sold);
        const quint16 port = m_server->port();
        m_server->kill();
        page()->feed()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(page()->statusText().contains(u"cannot be reached"), 15000);
        QVERIFY(page()->statusText().contains(u"not current"));
        QCOMPARE(page()->figureText(DashboardPage::Sold), sold);
        QTRY_VERIFY(page()->feed()->session()->state()
                    != boxoffice::client::LiveSession::State::Live);
        // Back: the WebSocket finds it again and the figures are current without a click.
        QVERIFY(m_server->start(port));
        QTRY_VERIFY_WITH_TIMEOUT(page()->statusText().startsWith(u"Updated "), 20000);
        QVERIFY(sell(http(), m_clerk, m_eventId, m_rows.next(1)));
        QVERIFY2(waitForSold(26, 8000), qPrintable(QString::number(page()->figures().places.sold)));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestDashboard)
#include "tst_boxoffice_dashboard.moc"
