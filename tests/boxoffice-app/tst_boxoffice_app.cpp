// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "basketpanel.h"
#include "checkoutdialog.h"
#include "eventfinder.h"
#include "journal.h"
#include "mainwindow.h"
#include "salemapclicks.h"
#include "salemapview.h"
#include "salepage.h"
#include "salesession.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "shiftdialog.h"
#include "signinpage.h"
#include "testenv.h"

#include <seatmap/seatmapscene.h>

#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The box-office app against a real boxoffice-server on a throwaway PostgreSQL database:
// sign in through the UI, open the event, pick seats on the map (held on the server at once),
// a conflict with another buyer, a cash sale with printed tickets whose QR code decodes, and the
// journal after a simulated crash. Screenshots of the main screens go to the build directory.
class TestBoxOffice : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QByteArray m_manager;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }

    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

    QString seatStatus(const QString &seatId) const
    {
        const auto map = http().get("/events/" + m_eventId.toUtf8() + "/seatmap");
        for (const QJsonValue &v : map.json().value(u"seats").toArray())
            if (v.toObject().value(u"id").toString() == seatId)
                return v.toObject().value(u"status").toString();
        return {};
    }

    /// Signs in through the sign-in page and opens the event by its id.
    void signInAndOpen(MainWindow &window)
    {
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SignInPage *page = window.signInPage();
        page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(url());
        auto *user = page->findChild<QLineEdit *>(QStringLiteral("userName"));
        user->clear();
        QTest::keyClicks(user, QStringLiteral("clerk1"));
        auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
        QTest::keyClicks(password, QStringLiteral("s3cret-pass"));
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
        QCOMPARE(window.role(), QStringLiteral("clerk"));
        QLineEdit *search = window.eventFinder()->searchBox();
        search->setFocus();
        search->clear();
        QTest::keyClicks(search, m_eventId);
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
        // Zoom so seats are a few pixels apart (the clerk zooms in as well).
        QTest::qWait(50);
        window.salePage()->view()->scale(2.5, 2.5);
        window.salePage()->view()->centerOn(1000, 500);
    }

    QStringList basketSeats(MainWindow &window) const
    {
        QStringList seats = window.session()->basketSeats();
        seats.sort();
        return seats;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice"), m_dir);

        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("hall"),
                                                       EventShape::seatsAndGa(8, 14, 50, 2)
                                                           .holding(600, 40)
                                                           .titled(QStringLiteral("Gala Night")));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     QStringLiteral("clerk1"),
                                     QStringLiteral("--role"),
                                     QStringLiteral("clerk"),
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
    }

    void wrongPasswordIsShown()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("j0.sqlite")));
        window.show();
        SignInPage *page = window.signInPage();
        page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(url());
        page->findChild<QLineEdit *>(QStringLiteral("userName"))->setText(QStringLiteral("clerk1"));
        auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
        QTest::keyClicks(password, QStringLiteral("nope"));
        QTest::keyClick(password, Qt::Key_Return);
        auto *error = page->findChild<QLabel *>(QStringLiteral("signInError"));
        QTRY_VERIFY_WITH_TIMEOUT(!error->text().isEmpty(), 10000);
        QVERIFY(error->text().contains(QStringLiteral("password")));
        QCOMPARE(window.currentPage(), page);
        shoot(&window, QStringLiteral("01-sign-in-error"));
    }

    void pickSeatsAndConflict()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("j1.sqlite")));
        signInAndOpen(window);
        // The URL and user are remembered, and the token survives a restart.
        QCOMPARE(QSettings().value(QStringLiteral("server/url")).toString(), url());
        QVERIFY(!QSettings().value(QStringLiteral("session/token")).toString().isEmpty());

        clickSeat(window, QStringLiteral("S1-1-7"));
        QTRY_COMPARE_WITH_TIMEOUT(basketSeats(window), QStringList{QStringLiteral("S1-1-7")}, 10000);
        // The seat map follows the outbox, a moment after the hold's answer.
        QTRY_COMPARE_WITH_TIMEOUT(seatStatus(QStringLiteral("S1-1-7")),
                                  QStringLiteral("held"),
                                  10000);
        QVERIFY(window.salePage()->basket()->countdownText().contains(u':'));
        clickSeat(window, QStringLiteral("S1-1-8"), Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(basketSeats(window).size(), 2, 10000);
        QTRY_VERIFY(!window.session()->isBusy());

        // Someone else takes S1-1-9 meanwhile (the map has not heard of it yet).
        const QByteArray fan = testToken(QStringLiteral("fan-7"));
        const auto other = http().post("/holds",
                                       {{QStringLiteral("event_id"), m_eventId},
                                        {QStringLiteral("seats"),
                                         QJsonArray{QStringLiteral("S1-1-9")}}},
                                       fan);
        QCOMPARE(other.status, 201);
        clickSeat(window, QStringLiteral("S1-1-9"));
        QTRY_VERIFY_WITH_TIMEOUT(window.salePage()->messageText().contains(QStringLiteral("Taken")),
                                 10000);
        QVERIFY(window.salePage()->messageText().contains(QStringLiteral("Seat 9")));
        QTRY_VERIFY(!window.session()->isBusy());
        QCOMPARE(basketSeats(window),
                 (QStringList{QStringLiteral("S1-1-7"), QStringLiteral("S1-1-8")}));
        QCOMPARE(window.session()->status(QStringLiteral("S1-1-9")), QStringLiteral("held"));
        // The server holds exactly the basket under one hold.
        const auto hold
            = http().get("/holds/" + window.session()->holdId().toUtf8(),
                         QSettings().value(QStringLiteral("session/token")).toByteArray());
        QCOMPARE(hold.status, 200);
        QCOMPARE(hold.json().value(u"seats").toArray().size(), 2);

        // Shift-click takes the whole row (14 seats; the one held elsewhere is refused).
        clickSeat(window, QStringLiteral("S1-3-2"), Qt::ShiftModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!window.session()->isBusy(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(basketSeats(window).size(), 16, 10000);
        QCOMPARE(window.salePage()->basket()->lineCount(), 16);
        window.salePage()->flushPending();
        shoot(&window, QStringLiteral("02-seat-map-basket"));

        // Clear releases everything on the server at once.
        QTest::keyClick(&window, Qt::Key_F8);
        QTRY_COMPARE_WITH_TIMEOUT(seatStatus(QStringLiteral("S1-1-7")),
                                  QStringLiteral("available"),
                                  10000);
        QVERIFY(window.session()->basket().isEmpty());
        QCOMPARE(http()
                     .del("/holds/" + other.json().value(u"hold_id").toString().toUtf8(), fan)
                     .status,
                 204);
    }

    void bestAvailableAndSellWithCash()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("j2.sqlite")));
        signInAndOpen(window);
        shoot(window.eventFinder(), QStringLiteral("00-event-finder"));
        QTest::keyClick(&window, Qt::Key_F6); // best available: 2 in the first section
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->basketSeats().size(), 2, 10000);
        QTRY_VERIFY(!window.session()->isBusy());
        const QString holdId = window.session()->holdId();
        const qint64 total = window.session()->totalCents();
        QCOMPARE(total, 2 * 5000);

        // Cash needs an open shift: open one with a 100.00 float through the shift dialog.
        QTest::keyClick(&window, Qt::Key_F4);
        ShiftDialog *shift = nullptr;
        QTRY_VERIFY((shift = window.findChild<ShiftDialog *>()));
        shift->findChild<QDoubleSpinBox *>(QStringLiteral("shiftAmount"))->setValue(100.0);
        QTest::mouseClick(shift->findChild<QPushButton *>(QStringLiteral("openShift")),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!ShiftDialog::currentShiftId().isEmpty(), 10000);
        QVERIFY2(!ShiftDialog::currentShiftId().startsWith(u"local-"),
                 qPrintable(shift->statusText()));
        shift->close();
        QTRY_VERIFY(!window.findChild<ShiftDialog *>());
        window.activateWindow();
        QTRY_VERIFY(QApplication::activeWindow() == &window);

        QTest::keyClick(&window, Qt::Key_F12);
        QTRY_VERIFY(window.checkoutDialog());
        CheckoutDialog *dialog = window.checkoutDialog();
        auto *tendered = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("tendered"));
        tendered->setValue(150.0);
        QVERIFY(dialog->changeText().contains(QStringLiteral("50.00")));
        shoot(dialog, QStringLiteral("03-checkout-cash"));
        QTest::keyClick(tendered, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isDone(), 15000);
        shoot(dialog, QStringLiteral("04-sale-done-change"));
        QVERIFY(dialog->changeText().contains(QStringLiteral("50.00")));
        QTRY_VERIFY(!window.lastPrintFile().isEmpty());
        QTest::keyClick(dialog, Qt::Key_Return); // next customer
        QTRY_VERIFY(!window.checkoutDialog());

        // The server has the paid order with tickets for those seats.
        bool ok = false;
        const auto hold
            = http().get("/holds/" + holdId.toUtf8(),
                         QSettings().value(QStringLiteral("session/token")).toByteArray());
        QCOMPARE(hold.json().value(u"status").toString(), QStringLiteral("ordered"));
        QList<JournalEntry> rows;
        window.journal()->all([&](const QList<JournalEntry> &r) {
            rows = r;
            ok = true;
        });
        QTRY_VERIFY(ok);
        QJsonObject order;
        for (const JournalEntry &e : rows)
            if (e.kind == u"sale")
                order = e.payload.value(u"order").toObject();
        const auto server
            = http().get("/orders/" + order.value(u"order_id").toString().toUtf8(),
                         QSettings().value(QStringLiteral("session/token")).toByteArray());
        QCOMPARE(server.status, 200);
        QCOMPARE(server.json().value(u"status").toString(), QStringLiteral("paid"));
        const QJsonArray tickets = server.json().value(u"tickets").toArray();
        QCOMPARE(tickets.size(), 2);

        // The printed PDF: page 1 is the first ticket; its QR code decodes to that ticket's code.
        QVERIFY(QFile::exists(window.lastPrintFile()));
        const QString png = m_dir.filePath(QStringLiteral("page"));
        QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                                   {QStringLiteral("-r"),
                                    QStringLiteral("200"),
                                    QStringLiteral("-png"),
                                    QStringLiteral("-f"),
                                    QStringLiteral("1"),
                                    QStringLiteral("-l"),
                                    QStringLiteral("1"),
                                    QStringLiteral("-singlefile"),
                                    window.lastPrintFile(),
                                    png}),
                 0);
        QProcess zbar;
        zbar.start(QStringLiteral("zbarimg"),
                   {QStringLiteral("--raw"),
                    QStringLiteral("-q"),
                    QStringLiteral("-Sdisable"),
                    QStringLiteral("-Sqrcode.enable"),
                    png + QStringLiteral(".png")});
        QVERIFY(zbar.waitForFinished(20000));
        const QString decoded = QString::fromUtf8(zbar.readAllStandardOutput()).trimmed();
        QStringList codes;
        for (const QJsonValue &t : tickets)
            codes.append(t.toObject().value(u"code").toString());
        QVERIFY2(codes.contains(decoded), qPrintable(decoded));

        // Z report: float 100 + cash 100 = 200 expected; count 195 -> variance -5.00, on the
        // server and in the local journal alike.
        const QString shiftId = ShiftDialog::currentShiftId();
        window.activateWindow();
        QTRY_VERIFY(QApplication::activeWindow() == &window);
        QTest::keyClick(&window, Qt::Key_F4);
        ShiftDialog *z = nullptr;
        QTRY_VERIFY((z = window.findChild<ShiftDialog *>()));
        z->findChild<QDoubleSpinBox *>(QStringLiteral("shiftAmount"))->setValue(195.0);
        QSignalSpy shown(z, &ShiftDialog::reportShown);
        QTest::mouseClick(z->findChild<QPushButton *>(QStringLiteral("zReport")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(shown.size() >= 1, 10000);
        QCOMPARE(z->report().floatCents, 10000);
        QCOMPARE(z->report().cashSalesCents, 10000);
        QCOMPARE(z->report().expectedCashCents(), 20000);
        QCOMPARE(*z->report().varianceCents(), -500);
        QVERIFY(ShiftDialog::currentShiftId().isEmpty());
        shoot(z, QStringLiteral("06-z-report"));
        QVERIFY(z->printPdf(m_dir.filePath(QStringLiteral("z.pdf"))));
        const auto report
            = http().get("/shifts/" + shiftId.toUtf8() + "/report",
                         QSettings().value(QStringLiteral("session/token")).toByteArray());
        QCOMPARE(report.status, 200);
        QCOMPARE(report.json().value(u"variance_cents").toInteger(), -500);
        bool done = false;
        window.journal()->all([&](const QList<JournalEntry> &all) {
            const ShiftReport local = ShiftReport::fromJournal(all, shiftId);
            QCOMPARE(local.expectedCashCents(), 20000);
            QCOMPARE(*local.varianceCents(), -500);
            done = true;
        });
        QTRY_VERIFY(done);
        z->close();
    }

    void journalAfterCrashIsResolved()
    {
        const QString path = m_dir.filePath(QStringLiteral("j3.sqlite"));
        const QByteArray token = QSettings().value(QStringLiteral("session/token")).toByteArray();
        QVERIFY(!token.isEmpty());
        // A sale that was in flight when the app died: its hold exists but was never ordered.
        const auto hold = http().post("/holds",
                                      {{QStringLiteral("event_id"), m_eventId},
                                       {QStringLiteral("seats"),
                                        QJsonArray{QStringLiteral("S2-5-5")}}},
                                      token);
        QCOMPARE(hold.status, 201);
        {
            Journal journal(path);
            JournalEntry entry;
            entry.kind = QStringLiteral("sale");
            entry.state = QStringLiteral("in_flight");
            entry.idempotencyKey = QStringLiteral("crash-key-1");
            entry.holdId = hold.json().value(u"hold_id").toString();
            entry.amountCents = 3000;
            entry.payload = {{QStringLiteral("payment"),
                              QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                          {QStringLiteral("tendered_cents"), 3000}}},
                             {QStringLiteral("context"),
                              QJsonObject{
                                  {QStringLiteral("event_title"), QStringLiteral("Gala Night")}}}};
            qint64 id = 0;
            journal.append(entry, [&](qint64 rowId) { id = rowId; });
            QTRY_VERIFY(id > 0);
        }
        // Restart: the saved session is still valid, so the app signs in and checks the journal.
        MainWindow window(path);
        window.show();
        QVERIFY(window.restoreSession());
        QTRY_VERIFY_WITH_TIMEOUT(!window.recoveryText().isEmpty(), 10000);
        QVERIFY2(window.recoveryText().contains(QStringLiteral("NOT completed")),
                 qPrintable(window.recoveryText()));
        QTRY_VERIFY(window.findChild<QMessageBox *>(QStringLiteral("recoveryBox")));
        shoot(&window, QStringLiteral("05-recovery"));
        bool loaded = false;
        QList<JournalEntry> pending;
        window.journal()->inFlight([&](const QList<JournalEntry> &rows) {
            pending = rows;
            loaded = true;
        });
        QTRY_VERIFY(loaded);
        QVERIFY(pending.isEmpty()); // settled, not left hanging
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestBoxOffice)
#include "tst_boxoffice_app.moc"
