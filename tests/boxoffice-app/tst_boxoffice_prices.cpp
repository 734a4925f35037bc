// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "backoffice.h"
#include "mainwindow.h"
#include "manage/manageworkspace.h"
#include "manage/pricemappage.h"
#include "salemapview.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"
#include "workspacesignin.h"

#include <seatmap/seatmapscene.h>

#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// Prices on the map in the manager's workspace, against a real boxoffice-server: seats picked on
// the map (mouse, then the key 2) move to category B as the server's seat map then shows, and a
// counter sale of one costs B's price; a whole section goes back to A with the combo and Assign;
// an event changed behind the page's back (412) reloads the page, which says so.
class TestPrices : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<MainWindow> m_window;
    QByteArray m_manager;
    QByteArray m_clerk;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;

    HttpClient http() const { return m_server->client(); }
    PriceMapPage *page() const { return m_window->workspace()->priceMapPage(); }

    /// GET /events/{id}/seatmap as the server has it: seat -> category.
    QHash<QString, QString> serverCategories() const
    {
        QHash<QString, QString> out;
        const QJsonObject body = http().get(eventPath(m_eventId, "/seatmap")).json();
        for (const QJsonValue &v : body.value(u"seats").toArray())
            out.insert(v[u"id"].toString(), v[u"category"].toString());
        return out;
    }
    /// The page, once idle, shows the server's categories for every seat.
    bool settled() const
    {
        return QTest::qWaitFor(
            [&] {
                if (page()->isBusy() || !page()->isLoaded())
                    return false;
                const QHash<QString, QString> server = serverCategories();
                for (auto it = server.cbegin(); it != server.cend(); ++it)
                    if (page()->categoryOf(it.key()) != it.value())
                        return false;
                return !server.isEmpty();
            },
            10000);
    }
    /// A counter sale (hold, then cash) of `seat`: what it cost.
    qint64 counterSale(const QString &seat) const
    {
        const HttpResponse hold = http().post("/holds",
                                              {{QStringLiteral("event_id"), m_eventId},
                                               {QStringLiteral("seats"), QJsonArray{seat}}},
                                              m_clerk);
        if (hold.status != 201)
            return -hold.status;
        const HttpResponse order
            = http().post("/orders",
                          {{QStringLiteral("hold_id"), hold.json().value(u"hold_id").toString()},
                           {QStringLiteral("payment"),
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                        {QStringLiteral("tendered_cents"), 100000}}}},
                          m_clerk);
        if (order.status != 201)
            qInfo() << "order" << order.status << order.body;
        return order.status == 201 ? order.json().value(u"amount_cents").toInteger()
                                   : -order.status;
    }
    QPoint onScreen(const QString &id) const
    {
        const auto &venue = page()->scene()->venue();
        const auto ref = venue.findSeat(id);
        if (!ref)
            return {};
        return page()->view()->mapFromScene(venue.seat(*ref).position);
    }
    void key(Qt::Key key)
    {
        m_window->activateWindow();
        page()->view()->setFocus();
        QTest::keyClick(page()->view(), key);
    }
    void shoot(QWidget *widget, const QString &name)
    {
        QTest::qWait(50);
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_prices"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        m_clerk = testToken(QStringLiteral("clerk-1"), QStringLiteral("clerk"));
        const SeededEvent gala = SeededEvent::create(http(),
                                                     m_manager,
                                                     QStringLiteral("hall"),
                                                     EventShape::seats(6, 12).titled(
                                                         QStringLiteral("Gala Night")));
        QVERIFY2(gala.ok(), gala.error().constData());
        m_eventId = gala.eventId;
        QCOMPARE(http()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 0}}, m_clerk)
                     .status,
                 201);
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

        // The manager opens the back office (Ctrl+M) and its tab right after "Seats held back".
        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("j.sqlite")));
        QVERIFY(
            openBackOffice(*m_window, QStringLiteral("http://127.0.0.1:%1").arg(m_server->port())));
        QTabWidget *tabs = m_window->workspace()->sections();
        const int tab = tabs->indexOf(page());
        QVERIFY(tab >= 0);
        QCOMPARE(tabs->tabText(tab), QStringLiteral("Prices on the map"));
        QCOMPARE(tabs->tabText(tab - 1), QStringLiteral("Seats held back"));
        tabs->setCurrentIndex(tab);
        QVERIFY(settled());
        QCOMPARE(page()->eventId(), m_eventId);
        QCOMPARE(page()->categoryBox()->count(), 2); // A and B, with their prices
        QVERIFY(page()->categoryBox()->itemText(1).contains(u"Back"));
        QCOMPARE(page()->categoryOf(QStringLiteral("S1-1-1")), QStringLiteral("A"));
        for (const char *object : {"priceEvent",
                                   "priceMap",
                                   "priceLegend",
                                   "priceSection",
                                   "priceAddSection",
                                   "priceCategory",
                                   "assignCategory",
                                   "priceClearSelection"}) {
            auto *widget = page()->findChild<QWidget *>(QString::fromLatin1(object));
            QVERIFY2(widget && !widget->accessibleName().isEmpty(), object);
        }
        QVERIFY(page()
                    ->findChild<QLabel *>(QStringLiteral("priceSoldNote"))
                    ->text()
                    .contains(u"keep the price"));
    }

    void selectedSeatsMoveToB()
    {
        QTest::qWait(100); // the map is fitted after the layout
        auto *viewport = page()->view()->viewport();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, onScreen(QStringLiteral("S1-2-3")));
        QTest::mouseClick(viewport,
                          Qt::LeftButton,
                          Qt::ControlModifier,
                          onScreen(QStringLiteral("S1-2-4")));
        QTest::mouseClick(viewport,
                          Qt::LeftButton,
                          Qt::ControlModifier,
                          onScreen(QStringLiteral("S1-2-5")));
        const QStringList chosen{QStringLiteral("S1-2-3"),
                                 QStringLiteral("S1-2-4"),
                                 QStringLiteral("S1-2-5")};
        QCOMPARE(page()->selectedSeats(), chosen);
        const qint64 before = page()->version();
        key(Qt::Key_2); // the legend's second category: B
        QVERIFY(settled());
        QCOMPARE(page()->messageText(), QStringLiteral("3 seats now cost the price of “Back”."));
        QVERIFY(page()->selectedSeats().isEmpty());
        QVERIFY(page()->version() > before);
        const QHash<QString, QString> server = serverCategories();
        for (const QString &id : chosen)
            QCOMPARE(server.value(id), QStringLiteral("B"));
        QCOMPARE(server.value(QStringLiteral("S1-2-2")), QStringLiteral("A"));
        QCOMPARE(server.value(QStringLiteral("S1-2-6")), QStringLiteral("A"));
        // The counter now sells such a seat at B's price, a neighbour at A's.
        QCOMPARE(counterSale(QStringLiteral("S1-2-4")), 3000);
        QCOMPARE(counterSale(QStringLiteral("S1-2-6")), 5000);
        page()->setSelectedSeats({QStringLiteral("S1-2-4")});
        shoot(m_window.get(), QStringLiteral("manage-40-prices"));
        page()->setSelectedSeats({});
    }

    void wholeSectionBackToA()
    {
        auto *section = page()->findChild<QComboBox *>(QStringLiteral("priceSection"));
        QCOMPARE(section->count(), 1);
        QTest::mouseClick(page()->findChild<QPushButton *>(QStringLiteral("priceAddSection")),
                          Qt::LeftButton);
        QCOMPARE(page()->selectedSeats().size(), 72);
        page()->categoryBox()->setCurrentIndex(page()->categoryBox()->findData(QStringLiteral("A")));
        QTest::mouseClick(page()->findChild<QPushButton *>(QStringLiteral("assignCategory")),
                          Qt::LeftButton);
        QVERIFY(settled());
        // Only the three B seats moved (the sold one too); it keeps the price it was sold at.
        QCOMPARE(page()->messageText(),
                 QStringLiteral(
                     "3 of the 72 selected seats moved to “Front” (the others were in it "
                     "already)."));
        const QHash<QString, QString> server = serverCategories();
        QCOMPARE(server.size(), 72);
        for (const QString &category : server)
            QCOMPARE(category, QStringLiteral("A"));
        QCOMPARE(counterSale(QStringLiteral("S1-2-5")), 5000);
    }

    void staleVersionReloadsAndSaysSo()
    {
        const qint64 shown = page()->version();
        // Someone else changes the event behind the page's back.
        const HttpResponse renamed = patchEvent(http(),
                                                m_eventId,
                                                {{QStringLiteral("title"),
                                                  QStringLiteral("Gala Night (late)")}},
                                                m_manager,
                                                eventTag(http(), m_eventId));
        QCOMPARE(renamed.status, 200);
        const qint64 now = renamed.json().value(u"version").toInteger();
        QVERIFY(now > shown);
        page()->setSelectedSeats({QStringLiteral("S1-6-1")});
        key(Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(page()->messageText().contains(u"someone else changed"), 10000);
        QVERIFY(settled());
        QCOMPARE(page()->version(), now); // reloaded
        QCOMPARE(serverCategories().value(QStringLiteral("S1-6-1")), QStringLiteral("A"));
        // The selection stays: assigning again works.
        QCOMPARE(page()->selectedSeats(), QStringList{QStringLiteral("S1-6-1")});
        key(Qt::Key_2);
        QVERIFY(settled());
        QCOMPARE(serverCategories().value(QStringLiteral("S1-6-1")), QStringLiteral("B"));
        QCOMPARE(page()->categoryOf(QStringLiteral("S1-6-1")), QStringLiteral("B"));
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
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Precios en el plano"));
        QVERIFY(page()
                    ->findChild<QLabel *>(QStringLiteral("priceSoldNote"))
                    ->text()
                    .contains(u"conservan el precio"));
        QCOMPARE(page()->findChild<QPushButton *>(QStringLiteral("assignCategory"))->text(),
                 QStringLiteral("Asignar"));
    }

    void aDeadServerIsSaidAndNothingMoves()
    {
        const quint16 port = m_server->port();
        page()->setSelectedSeats({QStringLiteral("S1-6-2")});
        m_server->kill();
        key(Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(page()->messageText().startsWith(u"Nothing was changed."), 15000);
        QVERIFY(!page()->isBusy());
        QCOMPARE(page()->categoryOf(QStringLiteral("S1-6-2")), QStringLiteral("A"));
        QCOMPARE(page()->selectedSeats(), QStringList{QStringLiteral("S1-6-2")});
        // Back: the same selection goes through.
        QVERIFY(m_server->start(port));
        key(Qt::Key_2);
        QVERIFY(settled());
        QCOMPARE(serverCategories().value(QStringLiteral("S1-6-2")), QStringLiteral("B"));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestPrices)
#include "tst_boxoffice_prices.moc"
