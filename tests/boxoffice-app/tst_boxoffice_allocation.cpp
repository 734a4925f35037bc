// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "checkoutdialog.h"
#include "eventfinder.h"
#include "mainwindow.h"
#include "salemapclicks.h"
#include "salemapview.h"
#include "salepage.h"
#include "salesession.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <seatmap/legendwidget.h>
#include <seatmap/seatmapscene.h>

#include <QApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// Selling an allocation at the counter, through the real widgets against a real server: the
// seats of an allocation a manager lets the counter sell show in teal; a click holds them from
// the allocation, in a basket of their own; the sale sells them; a cleared basket gives them back
// to the allocation; seats held back otherwise stay out of reach.
class TestBoxOfficeAllocation : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    QByteArray m_manager;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }

    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

    void holdBack(const QStringList &seats, const QString &kind, const QString &allocation = {})
    {
        QJsonObject body{{QStringLiteral("seats"), QJsonArray::fromStringList(seats)},
                         {QStringLiteral("kind"), kind}};
        if (!allocation.isEmpty())
            body.insert(QStringLiteral("allocation"), allocation);
        const auto answer = http().send(
            HttpClient::request("PUT",
                                "/events/" + m_eventId.toUtf8() + "/holdbacks",
                                QJsonDocument(body).toJson(QJsonDocument::Compact),
                                m_manager));
        QCOMPARE(answer.status, 200);
    }

    QString serverStatus(const QString &seatId) const
    {
        const auto map = http().get("/events/" + m_eventId.toUtf8() + "/seatmap");
        for (const QJsonValue &v : map.json().value(u"seats").toArray())
            if (v.toObject().value(u"id").toString() == seatId)
                return v.toObject().value(u"status").toString();
        return {};
    }

    QStringList basket(MainWindow &window) const
    {
        QStringList seats = window.session()->basketSeats();
        seats.sort();
        return seats;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_allocation"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("hall"),
                                                       EventShape::seats(4, 10).titled(
                                                           QStringLiteral("Press Night")));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
        holdBack({QStringLiteral("S1-1-4"),
                  QStringLiteral("S1-1-5"),
                  QStringLiteral("S1-1-6"),
                  QStringLiteral("S1-1-7")},
                 QStringLiteral("allocation"),
                 QStringLiteral("Press"));
        holdBack({QStringLiteral("S1-2-5")}, QStringLiteral("kill"));
        holdBack({QStringLiteral("S1-2-6")},
                 QStringLiteral("allocation"),
                 QStringLiteral("Artist")); // the counter may not sell this one
        const auto allowed = http().send(
            HttpClient::request("PATCH",
                                "/events/" + m_eventId.toUtf8() + "/allocations/Press",
                                R"({"counter_sale":true})",
                                m_manager));
        QCOMPARE(allowed.status, 200);
    }

    void counterSellsAndGivesBack()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("journal.sqlite")));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(restoreClerkSession(window, url(), QStringLiteral("clerk-1")));
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
        window.openEvent(m_eventId);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
        SaleSession *session = window.session();
        SalePage *page = window.salePage();
        QTRY_COMPARE_WITH_TIMEOUT(session->sellableAllocation(QStringLiteral("S1-1-5")),
                                  QStringLiteral("Press"),
                                  10000);
        QCOMPARE(session->sellableAllocation(QStringLiteral("S1-2-6")), QString()); // Artist
        QCOMPARE(session->sellableAllocation(QStringLiteral("S1-2-5")), QString()); // a kill
        const auto legend = page->findChild<boxoffice::seatmap::LegendWidget *>();
        QVERIFY(legend);
        QTest::qWait(50);
        page->view()->scale(2.5, 2.5);

        // Seats held back otherwise stay out of reach, with a message in words.
        clickSeat(window, QStringLiteral("S1-2-5"));
        QTRY_VERIFY(page->messageText().startsWith(QStringLiteral("Not available")));
        clickSeat(window, QStringLiteral("S1-2-6"));
        QVERIFY(session->basketSeats().isEmpty());

        // A Press seat: held from the allocation, in a basket of its own.
        clickSeat(window, QStringLiteral("S1-1-5"));
        QTRY_COMPARE_WITH_TIMEOUT(basket(window), QStringList{QStringLiteral("S1-1-5")}, 10000);
        QTRY_VERIFY(!session->isBusy());
        QCOMPARE(session->basketAllocation(), QStringLiteral("Press"));
        QCOMPARE(serverStatus(QStringLiteral("S1-1-5")), QStringLiteral("held"));
        // A seat on sale does not join it.
        clickSeat(window, QStringLiteral("S1-3-1"));
        QTRY_VERIFY(page->messageText().contains(QStringLiteral("allocation Press only")));
        QCOMPARE(basket(window), QStringList{QStringLiteral("S1-1-5")});
        clickSeat(window, QStringLiteral("S1-1-6"));
        QTRY_COMPARE_WITH_TIMEOUT(basket(window),
                                  (QStringList{QStringLiteral("S1-1-5"), QStringLiteral("S1-1-6")}),
                                  10000);
        QTRY_VERIFY(!session->isBusy());
        QCOMPARE(session->basketAllocation(), QStringLiteral("Press"));
        shoot(&window, QStringLiteral("allocation-01-basket"));

        // Sold at the counter like any basket (card terminal).
        QTest::keyClick(&window, Qt::Key_F12);
        QTRY_VERIFY(window.checkoutDialog());
        CheckoutDialog *dialog = window.checkoutDialog();
        dialog->setMethod(QStringLiteral("card_present"));
        dialog->setReference(QStringLiteral("TERM-PRESS"));
        QTest::keyClick(dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isDone(), 15000);
        QTest::keyClick(dialog, Qt::Key_Return);
        QTRY_VERIFY(!window.checkoutDialog());
        QCOMPARE(serverStatus(QStringLiteral("S1-1-5")), QStringLiteral("sold"));
        QCOMPARE(serverStatus(QStringLiteral("S1-1-6")), QStringLiteral("sold"));
        QTRY_COMPARE_WITH_TIMEOUT(session->status(QStringLiteral("S1-1-5")),
                                  QStringLiteral("sold"),
                                  5000);

        // Another Press seat, then the basket cleared: back in the allocation, teal again.
        clickSeat(window, QStringLiteral("S1-1-7"));
        QTRY_COMPARE_WITH_TIMEOUT(basket(window), QStringList{QStringLiteral("S1-1-7")}, 10000);
        QTRY_VERIFY(!session->isBusy());
        QTest::mouseClick(page->findChild<QPushButton *>(QStringLiteral("clearBasket")),
                          Qt::LeftButton);
        QTRY_VERIFY(session->basketSeats().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(serverStatus(QStringLiteral("S1-1-7")),
                                  QStringLiteral("blocked"),
                                  5000);
        QTRY_COMPARE_WITH_TIMEOUT(session->sellableAllocation(QStringLiteral("S1-1-7")),
                                  QStringLiteral("Press"),
                                  5000);
        // The seat map may still show an older version (S1-1-7 was blocked before it was held):
        // the database's answer is what counts, once the release is in.
        const auto allocated = [this] {
            return http()
                .get("/events/" + m_eventId.toUtf8() + "/allocations",
                     testToken(QStringLiteral("clerk-1"), QStringLiteral("clerk")))
                .json()
                .value(u"items")
                .toArray()[0]
                .toObject()
                .value(u"seats")
                .toArray();
        };
        QTRY_COMPARE_WITH_TIMEOUT(allocated(),
                                  (QJsonArray{QStringLiteral("S1-1-4"), QStringLiteral("S1-1-7")}),
                                  10000);
        page->view()->fitToContent();
        shoot(&window, QStringLiteral("allocation-02-sold-and-back"));

        // Spanish words for the clerk.
        window.setLanguage(QStringLiteral("es"));
        clickSeat(window, QStringLiteral("S1-2-5"));
        QTRY_VERIFY(page->messageText().startsWith(QStringLiteral("No disponible")));
        window.setLanguage(QStringLiteral("en"));
    }

    void cleanupTestCase()
    {
        QSettings().clear();
        if (m_server)
            QCOMPARE(m_server->terminate(), 0);
    }
};

QTEST_MAIN(TestBoxOfficeAllocation)
#include "tst_boxoffice_allocation.moc"
