// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "door/doorjournal.h"
#include "door/doorwindow.h"
#include "eventfinder.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "signinpage.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

// The door mode (#16) through its real widgets against a real server: valid, already used,
// refunded (void), another event's ticket (wrong event); then the server killed: the doors
// check offline, journal, and when the server is back they sync and a ticket that two doors
// let in while offline is reported as a double entry.
using namespace boxoffice::app;
using namespace boxoffice::test;

class TestDoor : public QObject
{
    Q_OBJECT

    std::unique_ptr<ServerProcess> m_server;
    quint16 m_port = 0;
    QString m_event;
    QString m_otherEvent;
    QTemporaryDir m_dir;
    QString m_screenshots;
    int m_row = 0;
    int m_journals = 0;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port); }

    QString createEvent(const QString &venue)
    {
        const QByteArray manager = testToken(QStringLiteral("door-manager"),
                                             QStringLiteral("manager"));
        return SeededEvent::create(http(), manager, venue, EventShape::seats(20, 6)).eventId;
    }
    /// A paid counter order of `count` seats of `eventId`: its tickets.
    QJsonArray sell(const QString &eventId, int count, QString *orderId = nullptr)
    {
        ++m_row;
        QJsonArray seats;
        for (int n = 1; n <= count; ++n)
            seats.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        const QByteArray clerk = testToken(QStringLiteral("door-clerk-%1").arg(m_row),
                                           QStringLiteral("clerk"));
        const auto hold = http().post("/holds",
                                      {{QStringLiteral("event_id"), eventId},
                                       {QStringLiteral("seats"), seats}},
                                      clerk);
        const auto order
            = http().post("/orders",
                          {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                           {QStringLiteral("payment"),
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                        {QStringLiteral("reference"), QStringLiteral("D-1")}}}},
                          clerk);
        if (orderId)
            *orderId = order.json().value(u"order_id").toString();
        return order.json().value(u"tickets").toArray();
    }
    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }
    /// A door signed in; `eventId` empty: it waits on its event picker.
    std::unique_ptr<DoorWindow> openDoor(const QString &gate, const QString &eventId)
    {
        auto window = std::make_unique<DoorWindow>(m_dir.filePath(QStringLiteral("door%1.sqlite")
                                                                      .arg(++m_journals)),
                                                   eventId,
                                                   gate);
        window->resize(1280, 800);
        window->show();
        SignInPage *page = window->signInPage();
        page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(url());
        page->findChild<QLineEdit *>(QStringLiteral("userName"))->setText(QStringLiteral("door1"));
        auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
        QTest::keyClicks(password, QStringLiteral("s3cret-pass"));
        QTest::keyClick(password, Qt::Key_Return);
        if (eventId.isEmpty())
            return window;
        QSignalSpy listed(&window->station(), &DoorStation::listUpdated);
        listed.wait(10000);
        // Keys and revocations come in separately: offline checks need both.
        (void) QTest::qWaitFor([&window] { return window->station().hasKeys(); }, 10000);
        return window;
    }
    std::unique_ptr<DoorWindow> openDoor(const QString &gate) { return openDoor(gate, m_event); }
    /// Types `code` and Enter as a wedge scanner does; the headline it then shows.
    static QString scan(DoorWindow &door, const QString &code)
    {
        QSignalSpy decided(&door.station(), &DoorStation::verdict);
        auto *field = door.screen()->findChild<QLineEdit *>(QStringLiteral("doorCode"));
        QTest::keyClicks(field, code);
        QTest::keyClick(field, Qt::Key_Return);
        // Offline the verdict comes at once, during Enter; online it comes from the server.
        if (decided.isEmpty() && !decided.wait(10000))
            return QStringLiteral("(no verdict)");
        return door.screen()->headline();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_door"), m_dir);
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        m_port = probe.serverPort();
        probe.close();
        m_server = std::make_unique<ServerProcess>(requiredEnv("BOXOFFICE_TEST_DATABASE_URL"),
                                                   QStringList{QStringLiteral("--listen"),
                                                               QStringLiteral("127.0.0.1:%1")
                                                                   .arg(m_port)});
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_event = createEvent(QStringLiteral("door-hall"));
        m_otherEvent = createEvent(QStringLiteral("door-club"));
        QVERIFY(!m_event.isEmpty() && !m_otherEvent.isEmpty());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("door1"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("door"),
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
    }

    void onlineScans()
    {
        const QJsonArray tickets = sell(m_event, 1);
        QString refundedOrder;
        const QJsonArray refunded = sell(m_event, 1, &refundedOrder);
        QCOMPARE(http()
                     .post("/orders/" + refundedOrder.toLatin1() + "/refund",
                           {},
                           testToken(QStringLiteral("door-clerk-r"), QStringLiteral("clerk")))
                     .status,
                 200);
        const QJsonArray other = sell(m_otherEvent, 1);
        auto door = openDoor(QStringLiteral("A"));
        QVERIFY(door->station().isOnline());
        // The door names its event as people know it, not by its id.
        auto *event = door->screen()->findChild<QLabel *>(QStringLiteral("doorEvent"));
        QTRY_VERIFY_WITH_TIMEOUT(event->text().startsWith(u"Test show · "), 10000);
        QVERIFY2(event->text().contains(u"2030") && !event->text().contains(m_event.left(8)),
                 qPrintable(event->text()));
        QCOMPARE(scan(*door, tickets[0][u"code"].toString()), QStringLiteral("VALID"));
        QVERIFY2(door->screen()->detail().contains(u"row"), qPrintable(door->screen()->detail()));
        shoot(door.get(), QStringLiteral("door-valid"));
        QCOMPARE(scan(*door, tickets[0][u"code"].toString()), QStringLiteral("ALREADY USED"));
        QVERIFY2(door->screen()->detail().contains(u"gate A"), qPrintable(door->screen()->detail()));
        shoot(door.get(), QStringLiteral("door-used"));
        QCOMPARE(scan(*door, refunded[0][u"code"].toString()), QStringLiteral("VOID"));
        QCOMPARE(scan(*door, other[0][u"code"].toString()), QStringLiteral("WRONG EVENT"));
        QCOMPARE(scan(*door, QStringLiteral("not-a-ticket")), QStringLiteral("UNKNOWN"));
        // F2: exit mode; leaving is recorded and shows EXIT.
        QTest::keyClick(door->screen(), Qt::Key_F2);
        QCOMPARE(door->station().direction(), QStringLiteral("out"));
        QCOMPARE(scan(*door, tickets[0][u"code"].toString()), QStringLiteral("EXIT"));
    }

    void eventNameKeptForAnOfflineStart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("door.sqlite"));
        {
            DoorJournal journal(path);
            journal.saveEventLabel(m_event, QStringLiteral("Gala · 01/06/2030 22:00 · Hall"));
        }
        DoorJournal again(path);
        QCOMPARE(again.eventLabel(m_event), QStringLiteral("Gala · 01/06/2030 22:00 · Hall"));
        QCOMPARE(again.eventLabel(m_otherEvent), QString());
    }

    void eventPickedAfterSignIn()
    {
        // Started without --event: after sign-in the door asks which event and gate, by keyboard.
        const QJsonArray tickets = sell(m_otherEvent, 1);
        auto door = openDoor(QString(), QString());
        EventFinder *picker = door->eventPicker();
        QTRY_VERIFY_WITH_TIMEOUT(picker->isVisible(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(picker->resultCount() >= 2, 10000);
        QVERIFY(picker->searchBox()->hasFocus());
        QVERIFY(!door->gateField()->accessibleName().isEmpty());
        QTest::keyClicks(door->gateField(), QStringLiteral("North"));
        auto *list = picker->findChild<QTreeWidget *>(QStringLiteral("eventList"));
        QTreeWidgetItem *club = nullptr;
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            if (list->topLevelItem(i)->data(0, Qt::UserRole).toString() == m_otherEvent)
                club = list->topLevelItem(i);
        }
        QVERIFY(club);
        shoot(door.get(), QStringLiteral("door-event-picker"));
        QSignalSpy listed(&door->station(), &DoorStation::listUpdated);
        list->setFocus();
        list->setCurrentItem(club);
        QTest::keyClick(list, Qt::Key_Return);
        QCOMPARE(door->station().eventId(), m_otherEvent);
        QVERIFY(door->screen()->isVisible());
        listed.wait(10000);
        QCOMPARE(scan(*door, tickets[0][u"code"].toString()), QStringLiteral("VALID"));
        QCOMPARE(scan(*door, tickets[0][u"code"].toString()), QStringLiteral("ALREADY USED"));
        QVERIFY2(door->screen()->detail().contains(u"gate North"),
                 qPrintable(door->screen()->detail()));
    }

    void offlineThenSyncReportsDoubleEntry()
    {
        const QJsonArray tickets = sell(m_event, 2);
        QString refundedOrder;
        const QJsonArray refunded = sell(m_event, 1, &refundedOrder);
        QCOMPARE(http()
                     .post("/orders/" + refundedOrder.toLatin1() + "/refund",
                           {},
                           testToken(QStringLiteral("door-clerk-r2"), QStringLiteral("clerk")))
                     .status,
                 200);
        // Both doors load keys and the revocation list while the server is up.
        auto east = openDoor(QStringLiteral("A"));
        auto west = openDoor(QStringLiteral("B"));
        m_server->kill();
        const QString code = tickets[0][u"code"].toString();
        QCOMPARE(scan(*east, code), QStringLiteral("VALID"));
        QVERIFY(!east->station().isOnline());
        QVERIFY2(east->screen()->modeText().startsWith(u"OFFLINE"),
                 qPrintable(east->screen()->modeText()));
        QVERIFY(east->screen()->detail().contains(u"offline"));
        shoot(east.get(), QStringLiteral("door-offline"));
        QCOMPARE(scan(*east, code), QStringLiteral("ALREADY USED"));
        QCOMPARE(scan(*east, refunded[0][u"code"].toString()), QStringLiteral("VOID"));
        QCOMPARE(scan(*east, tickets[1][u"code"].toString()), QStringLiteral("VALID"));
        // The other door cannot know: it lets the same ticket in.
        QCOMPARE(scan(*west, code), QStringLiteral("VALID"));
        QVERIFY(!west->station().isOnline());

        QSignalSpy eastDoubles(&east->station(), &DoorStation::doubleEntries);
        QSignalSpy westDoubles(&west->station(), &DoorStation::doubleEntries);
        QVERIFY(m_server->start(m_port));
        QTRY_VERIFY_WITH_TIMEOUT(east->station().isOnline() && west->station().isOnline()
                                     && east->station().pendingSync() == 0
                                     && west->station().pendingSync() == 0,
                                 20000);
        // The server kept the first admission and flagged the other.
        QTRY_COMPARE_WITH_TIMEOUT(eastDoubles.size() + westDoubles.size(), 1, 5000);
        DoorWindow &reported = eastDoubles.isEmpty() ? *west : *east;
        const QString said
            = reported.screen()->findChild<QLabel *>(QStringLiteral("doorDoubles"))->text();
        QVERIFY2(said.contains(u"Double entry"), qPrintable(said));
        shoot(&reported, QStringLiteral("door-double-entry"));
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        QCOMPARE(work.exec1("SELECT count(*) FROM ticket_scans WHERE flagged")[0].as<int>(), 1);
        // Back online, the server decides again.
        QCOMPARE(scan(*east, tickets[1][u"code"].toString()), QStringLiteral("ALREADY USED"));
    }
};

QTEST_MAIN(TestDoor)
#include "tst_boxoffice_door.moc"
