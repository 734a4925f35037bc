// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "backoffice.h"
#include "eventfinder.h"
#include "mainwindow.h"
#include "manage/holdbackcounts.h"
#include "manage/holdbackspage.h"
#include "manage/manageworkspace.h"
#include "salemapview.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"
#include "workspacesignin.h"

#include <client/salesclient.h>
#include <seatmap/seatmapscene.h>

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// Seats held back in the manager's workspace, against a real boxoffice-server: seats picked on
// the live map (mouse and keys) become kills, an allocation and house seats as the server then
// lists them (and a fan cannot hold a kill); the counter-sale switch reaches the server; a seat a
// fan took meanwhile is named and nothing changes; releases; the counts match the server.
class TestHoldbacks : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<MainWindow> m_window;
    QByteArray m_manager;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;

    HttpClient http() const { return m_server->client(); }
    HoldbacksPage *page() const { return m_window->workspace()->holdbacksPage(); }

    /// GET /holdbacks as the server has them: seat -> kind (or the allocation's name).
    QHash<QString, QString> serverKinds() const
    {
        QHash<QString, QString> out;
        const QJsonObject body = http().get(eventPath(m_eventId, "/holdbacks"), m_manager).json();
        for (const QJsonValue &v : body.value(u"items").toArray()) {
            const QJsonObject o = v.toObject();
            out.insert(o.value(u"seat_id").toString(),
                       o.value(u"kind").toString() == u"allocation"
                           ? o.value(u"allocation").toString()
                           : o.value(u"kind").toString());
        }
        return out;
    }
    QJsonObject serverAllocation(const QString &name) const
    {
        const QJsonObject body = http().get(eventPath(m_eventId, "/holdbacks"), m_manager).json();
        for (const QJsonValue &v : body.value(u"allocations").toArray())
            if (v.toObject().value(u"name").toString() == name)
                return v.toObject();
        return {};
    }
    int fanHolds(const QString &seat, const QByteArray &fan) const
    {
        const HttpResponse r = http().post("/holds",
                                           {{QStringLiteral("event_id"), m_eventId},
                                            {QStringLiteral("seats"), QJsonArray{seat}}},
                                           fan);
        if (r.status != 201)
            qInfo() << "hold" << seat << r.status << r.body;
        return r.status;
    }
    static QStringList seats(int row, int from, int to)
    {
        QStringList out;
        for (int n = from; n <= to; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(row).arg(n));
        return out;
    }
    /// Where seat `id` is on the map's viewport.
    QPoint onScreen(const QString &id) const
    {
        const auto &venue = page()->scene()->venue();
        const auto ref = venue.findSeat(id);
        if (!ref)
            return {};
        return page()->view()->mapFromScene(venue.seat(*ref).position);
    }
    /// Waits until the page shows the server's kinds again (after a change).
    bool settled() const
    {
        return QTest::qWaitFor(
            [&] {
                if (page()->isBusy())
                    return false;
                QHash<QString, QString> shown;
                for (auto it = page()->holdbacks().seats.cbegin();
                     it != page()->holdbacks().seats.cend();
                     ++it)
                    shown.insert(it.key(), it->kind == u"allocation" ? it->allocation : it->kind);
                return shown == serverKinds();
            },
            10000);
    }
    void key(Qt::Key key, Qt::KeyboardModifiers modifiers = {})
    {
        m_window->activateWindow();
        page()->view()->setFocus();
        QTest::keyClick(page()->view(), key, modifiers);
    }
    void shoot(QWidget *widget, const QString &name)
    {
        QTest::qWait(50);
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_holdbacks"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent gala = SeededEvent::create(http(),
                                                     m_manager,
                                                     QStringLiteral("hall"),
                                                     EventShape::seats(6, 12).titled(
                                                         QStringLiteral("Gala Night")));
        QVERIFY2(gala.ok(), gala.error().constData());
        m_eventId = gala.eventId;
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

        // The manager signs in, opens the back office (Ctrl+M) and its "Seats held back" tab.
        m_window = std::make_unique<MainWindow>(m_dir.filePath(QStringLiteral("j.sqlite")));
        QVERIFY(
            openBackOffice(*m_window, QStringLiteral("http://127.0.0.1:%1").arg(m_server->port())));
        QTabWidget *tabs = m_window->workspace()->sections();
        const int tab = tabs->indexOf(page());
        QVERIFY(tab >= 0);
        QCOMPARE(tabs->tabText(tab), QStringLiteral("Seats held back"));
        tabs->setCurrentIndex(tab);
        QTRY_VERIFY_WITH_TIMEOUT(page()->isLoaded() && !page()->isBusy(), 15000);
        QCOMPARE(page()->eventId(), m_eventId);
        QCOMPARE(page()->scene()->venue().sections.size(), 1);
        // Every control says what it is to a screen reader.
        for (const char *object : {"holdbackEvent",
                                   "holdbackMap",
                                   "holdbackSection",
                                   "markKill",
                                   "markHouse",
                                   "markAllocation",
                                   "allocationName",
                                   "releaseSelected",
                                   "clearSelection",
                                   "releaseKind",
                                   "holdbackCounts"}) {
            auto *widget = page()->findChild<QWidget *>(QString::fromLatin1(object));
            QVERIFY2(widget && !widget->accessibleName().isEmpty(), object);
        }
    }

    void clickedSeatsBecomeKills()
    {
        QTest::qWait(100); // the map is fitted after the layout
        const QPoint first = onScreen(QStringLiteral("S1-1-1"));
        QVERIFY(page()->view()->viewport()->rect().contains(first));
        QTest::mouseClick(page()->view()->viewport(), Qt::LeftButton, {}, first);
        QCOMPARE(page()->selectedSeats(), QStringList{QStringLiteral("S1-1-1")});
        // Shift-click takes the rest of row 1; Ctrl-click takes one seat off again.
        QTest::mouseClick(page()->view()->viewport(),
                          Qt::LeftButton,
                          Qt::ShiftModifier,
                          onScreen(QStringLiteral("S1-1-5")));
        QCOMPARE(page()->selectedSeats().size(), 12);
        QTest::mouseClick(page()->view()->viewport(),
                          Qt::LeftButton,
                          Qt::ControlModifier,
                          onScreen(QStringLiteral("S1-1-12")));
        QCOMPARE(page()->selectedSeats().size(), 11);
        // Esc clears; the selection comes back for the kill.
        key(Qt::Key_Escape);
        QVERIFY(page()->selectedSeats().isEmpty());
        page()->setSelectedSeats(seats(1, 1, 11));
        key(Qt::Key_K);
        QVERIFY(settled());
        QCOMPARE(page()->messageText(), QStringLiteral("11 seats are now kills."));
        QVERIFY(page()->selectedSeats().isEmpty());
        const QHash<QString, QString> kinds = serverKinds();
        QCOMPARE(kinds.size(), 11);
        for (const QString &id : seats(1, 1, 11))
            QCOMPARE(kinds.value(id), QStringLiteral("kill"));
        // The database refuses a fan the kill, not the seat next to it.
        const QByteArray fan = testToken(QStringLiteral("fan-kill"));
        QCOMPARE(fanHolds(QStringLiteral("S1-1-3"), fan), 409);
        QCOMPARE(fanHolds(QStringLiteral("S1-1-12"), fan), 201);
        // The live map follows: the killed seat is blocked, the fan's is held.
        QTRY_COMPARE_WITH_TIMEOUT(page()->status(QStringLiteral("S1-1-12")),
                                  QStringLiteral("held"),
                                  10000);
        QCOMPARE(page()->status(QStringLiteral("S1-1-3")), QStringLiteral("blocked"));
    }

    void allocationAndHouseSeatsWithCounterSale()
    {
        // A rubber band over row 2, seats 1-4 (from empty space above-left of it to its centre).
        const QPoint a = onScreen(QStringLiteral("S1-2-1"));
        const QPoint b = onScreen(QStringLiteral("S1-2-4"));
        const QPoint start(a.x() - (b.x() - a.x()) / 6 - 2, a.y() - 2 * (b.x() - a.x()) / 6);
        QVERIFY(!page()->scene()->seatAt(page()->view()->mapToScene(start)));
        QWidget *viewport = page()->view()->viewport();
        QTest::mousePress(viewport, Qt::LeftButton, {}, start);
        QTest::mouseMove(viewport, (start + b) / 2);
        QTest::mouseMove(viewport, b + QPoint(2, 2));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, b + QPoint(2, 2));
        QCOMPARE(page()->selectedSeats(), seats(2, 1, 4));

        // A new allocation by name, A to give it the selection.
        page()->allocationBox()->setFocus();
        QTest::keyClicks(page()->allocationBox()->lineEdit(), QStringLiteral("Press"));
        QTest::keyClick(page()->allocationBox()->lineEdit(), Qt::Key_Return);
        QVERIFY(settled());
        QCOMPARE(page()->messageText(), QStringLiteral("4 seats now belong to “Press”."));
        for (const QString &id : seats(2, 1, 4))
            QCOMPARE(serverKinds().value(id), QStringLiteral("Press"));
        QCOMPARE(page()->allocationBox()->findText(QStringLiteral("Press")), 0);

        page()->setSelectedSeats(seats(3, 5, 8));
        key(Qt::Key_H);
        QVERIFY(settled());
        for (const QString &id : seats(3, 5, 8))
            QCOMPARE(serverKinds().value(id), QStringLiteral("house"));

        // The counter may sell the press seats: the server has it.
        HoldbackCounts *counts = page()->counts();
        const int press = counts->rowOf(QStringLiteral("allocation"), QStringLiteral("Press"));
        QVERIFY(press >= 0);
        QCOMPARE(counts->item(press, HoldbackCounts::CounterSale)->checkState(), Qt::Unchecked);
        QCOMPARE(serverAllocation(QStringLiteral("Press")).value(u"counter_sale").toBool(), false);
        counts->item(press, HoldbackCounts::CounterSale)->setCheckState(Qt::Checked);
        QTRY_VERIFY_WITH_TIMEOUT(serverAllocation(QStringLiteral("Press"))
                                     .value(u"counter_sale")
                                     .toBool(),
                                 10000);
        QVERIFY(settled());
        QCOMPARE(counts
                     ->item(counts->rowOf(QStringLiteral("allocation"), QStringLiteral("Press")),
                            HoldbackCounts::CounterSale)
                     ->checkState(),
                 Qt::Checked);
        shoot(m_window.get(), QStringLiteral("manage-30-holdbacks"));
    }

    void seatTakenMeanwhileIsNamedAndNothingChanges()
    {
        const QHash<QString, QString> before = serverKinds();
        QCOMPARE(fanHolds(QStringLiteral("S1-4-5"), testToken(QStringLiteral("fan-late"))), 201);
        page()->setSelectedSeats(seats(4, 4, 6)); // as if picked before the fan's hold arrived
        key(Qt::Key_K);
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isBusy()
                                     && page()->messageText().startsWith(u"Nothing was changed"),
                                 10000);
        QVERIFY2(page()->messageText().contains(u"Section 1, row 4, seat 5"),
                 qPrintable(page()->messageText()));
        QVERIFY(!page()->messageText().contains(u"seat 4"));
        QCOMPARE(page()->selectedSeats(), QStringList{QStringLiteral("S1-4-5")});
        QCOMPARE(serverKinds(), before);
        QVERIFY(settled());
        shoot(m_window.get(), QStringLiteral("manage-31-holdbacks-409"));
        key(Qt::Key_Escape);
    }

    void releasesAndCountsMatchTheServer()
    {
        // Delete releases the selection (two house seats).
        page()->setSelectedSeats(seats(3, 5, 6));
        key(Qt::Key_Delete);
        QVERIFY(settled());
        QCOMPARE(page()->messageText(), QStringLiteral("Released to sale: 2 seats."));
        QCOMPARE(serverKinds().value(QStringLiteral("S1-3-5")), QString());
        QCOMPARE(serverKinds().value(QStringLiteral("S1-3-7")), QStringLiteral("house"));

        // Every kill at once from the counts' line.
        HoldbackCounts *counts = page()->counts();
        counts->setCurrentCell(counts->rowOf(QStringLiteral("kill")), HoldbackCounts::Kind);
        auto *releaseKind = page()->findChild<QPushButton *>(QStringLiteral("releaseKind"));
        QVERIFY(releaseKind->isEnabled());
        QTest::mouseClick(releaseKind, Qt::LeftButton);
        QVERIFY(settled());
        QCOMPARE(page()->messageText(), QStringLiteral("Released to sale: 11 seats (kill)."));
        for (const QString &kind : serverKinds())
            QVERIFY(kind != u"kill");
        // The live map shows the seats on sale again, and a fan may hold one. (Not S1-1-3: the
        // server remembers a refused seat for up to a second, SeatLeaseCache.)
        QTRY_COMPARE_WITH_TIMEOUT(page()->status(QStringLiteral("S1-1-4")), QString(), 10000);
        QCOMPARE(fanHolds(QStringLiteral("S1-1-4"), testToken(QStringLiteral("fan-after"))), 201);

        // Each line of the counts is the server's count.
        const QHash<QString, QString> kinds = serverKinds();
        QCOMPARE(counts->rowCount(), 3);
        for (int row = 0; row < counts->rowCount(); ++row) {
            const QString kind
                = counts->item(row, HoldbackCounts::Kind)->data(Qt::UserRole).toString();
            const QString name
                = counts->item(row, HoldbackCounts::Kind)->data(Qt::UserRole + 1).toString();
            const auto expected = kinds.values().count(kind == u"allocation" ? name : kind);
            QCOMPARE(counts->item(row, HoldbackCounts::Seats)->text(), QString::number(expected));
        }
        QCOMPARE(counts->item(counts->rowOf(QStringLiteral("house")), HoldbackCounts::Seats)->text(),
                 QStringLiteral("2"));
    }

    void anotherManagersChangeShowsUp()
    {
        // Another manager holds seats back over HTTP: the live map moves, the kinds follow.
        const QByteArray body = QJsonDocument(
                                    QJsonObject{{QStringLiteral("seats"),
                                                 QJsonArray::fromStringList(seats(6, 1, 3))},
                                                {QStringLiteral("kind"), QStringLiteral("kill")}})
                                    .toJson(QJsonDocument::Compact);
        const HttpResponse put = http().send(
            HttpClient::request("PUT",
                                eventPath(m_eventId, "/holdbacks"),
                                body,
                                m_manager,
                                {{"Content-Type", "application/json"}}));
        QCOMPARE(put.status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(page()->holdbacks().count(QStringLiteral("kill")), 3, 10000);
        QVERIFY(settled());
        HoldbackCounts *counts = page()->counts();
        QCOMPARE(counts->item(counts->rowOf(QStringLiteral("kill")), HoldbackCounts::Seats)->text(),
                 QStringLiteral("3"));
    }

    void unreachableServerSaysSo()
    {
        const QUrl server = m_window->client()->baseUrl();
        m_window->client()->setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:1")));
        page()->refresh();
        QVERIFY(page()->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isBusy(), 10000);
        QCOMPARE(page()->stateText(),
                 QStringLiteral("The events could not be loaded. The server cannot be reached. "
                                "Check the network and try again."));
        m_window->client()->setBaseUrl(server);
        page()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!page()->isBusy() && page()->isLoaded()
                                     && page()->stateText().isEmpty(),
                                 10000);
    }

    void speaksSpanish()
    {
        m_window->setLanguage(QStringLiteral("es"));
        QTabWidget *tabs = m_window->workspace()->sections();
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Butacas apartadas"));
        QCOMPARE(page()->findChild<QPushButton *>(QStringLiteral("markKill"))->text(),
                 QStringLiteral("Anular (K)"));
        QCOMPARE(page()
                     ->counts()
                     ->item(page()->counts()->rowOf(QStringLiteral("house")), HoldbackCounts::Kind)
                     ->text(),
                 QStringLiteral("Butacas de la casa"));
        m_window->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(tabs->tabText(tabs->indexOf(page())), QStringLiteral("Seats held back"));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestHoldbacks)
#include "tst_boxoffice_holdbacks.moc"
