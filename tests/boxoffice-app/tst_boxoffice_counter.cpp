// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "checkoutdialog.h"
#include "eventfinder.h"
#include "journal.h"
#include "mainwindow.h"
#include "orderlookupdialog.h"
#include "refunddialog.h"
#include "salepage.h"
#include "salesession.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "shiftdialog.h"
#include "signinpage.h"
#include "testenv.h"

#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// The counter beyond cash: card-terminal and comp sales (comp only for a manager), refunds of a
// whole order and of some tickets, reissue, and picking up an open shift after a restart; each
// driven through the real widgets against a real server, then checked on the server.
class TestCounter : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    int m_journals = 0;
    int m_row = 0;

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }
    static QByteArray token()
    {
        return QSettings().value(QStringLiteral("session/token")).toByteArray();
    }
    QString journal() { return m_dir.filePath(QStringLiteral("j%1.sqlite").arg(++m_journals)); }

    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }

    void createUser(const QString &name, const QString &role)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BOXOFFICE_JWT_SECRET"), QString::fromLatin1(kTestJwtSecret));
        QCOMPARE(ServerProcess::run({QStringLiteral("create-user"),
                                     QStringLiteral("--database-url"),
                                     QString::fromStdString(m_server->databaseUrl()),
                                     QStringLiteral("--username"),
                                     name,
                                     QStringLiteral("--role"),
                                     role,
                                     QStringLiteral("--password-stdin")},
                                    nullptr,
                                    env,
                                    "s3cret-pass\n"),
                 0);
    }

    /// Signs in through the sign-in page as `user`.
    void signIn(MainWindow &window, const QString &user)
    {
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SignInPage *page = window.signInPage();
        page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(url());
        auto *name = page->findChild<QLineEdit *>(QStringLiteral("userName"));
        name->setText(user);
        auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
        QTest::keyClicks(password, QStringLiteral("s3cret-pass"));
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
    }

    /// Finds the event in the event finder and opens its seat map.
    void openTheEvent(MainWindow &window)
    {
        QLineEdit *search = window.eventFinder()->searchBox();
        search->setFocus();
        search->clear();
        QTest::keyClicks(search, m_eventId);
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
    }

    /// Opens the event and takes the best 2 seats (F6), held on the server.
    void pickTwo(MainWindow &window)
    {
        openTheEvent(window);
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->basketSeats().size(), 2, 10000);
        QTRY_VERIFY(!window.session()->isBusy());
    }

    /// A paid card-terminal order of `count` seats, sold over HTTP with the app's token.
    QJsonObject sellOverHttp(int count)
    {
        ++m_row;
        QJsonArray seats;
        for (int n = 1; n <= count; ++n)
            seats.append(QStringLiteral("S2-%1-%2").arg(m_row).arg(n));
        const auto hold = http().post("/holds",
                                      {{QStringLiteral("event_id"), m_eventId},
                                       {QStringLiteral("seats"), seats}},
                                      token());
        if (hold.status != 201)
            return {};
        const auto order
            = http().post("/orders",
                          {{QStringLiteral("hold_id"), hold.json().value(u"hold_id")},
                           {QStringLiteral("payment"),
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("card_present")},
                                        {QStringLiteral("reference"), QStringLiteral("TERM-9")}}}},
                          token());
        return order.status == 201 ? order.json() : QJsonObject();
    }

    QJsonObject serverOrder(const QString &id)
    {
        return http().get("/orders/" + id.toUtf8(), token()).json();
    }

    QString seatStatus(const QString &seatId) const
    {
        const auto map = http().get("/events/" + m_eventId.toUtf8() + "/seatmap");
        for (const QJsonValue &v : map.json().value(u"seats").toArray())
            if (v.toObject().value(u"id").toString() == seatId)
                return v.toObject().value(u"status").toString();
        return {};
    }

    QString scan(const QString &code)
    {
        return http()
            .post("/tickets/scan",
                  QJsonObject{{QStringLiteral("code"), code},
                              {QStringLiteral("event_id"), m_eventId}},
                  token())
            .json()
            .value(u"result")
            .toString();
    }

    /// Opens the lookup dialog (F3) and finds `orderId` in it.
    OrderLookupDialog *lookUp(MainWindow &window, const QString &orderId)
    {
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_F3);
        OrderLookupDialog *dialog = nullptr;
        if (!QTest::qWaitFor(
                [&] { return (dialog = window.findChild<OrderLookupDialog *>()) != nullptr; }, 5000))
            return nullptr;
        auto *query = dialog->findChild<QLineEdit *>(QStringLiteral("orderQuery"));
        QTest::keyClicks(query, orderId);
        QTest::keyClick(query, Qt::Key_Return);
        if (!QTest::qWaitFor([&] { return dialog->statusText() == u"Found."; }, 10000))
            return nullptr;
        return dialog;
    }

    /// Sells the basket through the checkout dialog (F12) with `method`; the dialog stays open.
    CheckoutDialog *checkout(MainWindow &window, const QString &method, const QString &reference)
    {
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_F12);
        if (!QTest::qWaitFor([&] { return window.checkoutDialog() != nullptr; }, 5000))
            return nullptr;
        CheckoutDialog *dialog = window.checkoutDialog();
        dialog->setMethod(method);
        dialog->setReference(reference);
        QTest::keyClick(dialog, Qt::Key_Return);
        return dialog;
    }

    /// Checks out the basket with `method`, photographs the done dialog, closes it, and returns
    /// the server's order for the basket's hold (empty when the sale did not finish).
    QJsonObject sellAndFindOrder(MainWindow &window,
                                 const QString &method,
                                 const QString &reference,
                                 const QString &screenshot)
    {
        const QString holdId = window.session()->holdId();
        CheckoutDialog *dialog = checkout(window, method, reference);
        if (!dialog || !QTest::qWaitFor([&] { return dialog->isDone(); }, 15000))
            return {};
        shoot(dialog, screenshot);
        QTest::keyClick(dialog, Qt::Key_Return);
        if (!QTest::qWaitFor([&] { return !window.checkoutDialog(); }, 5000))
            return {};
        const auto mine = http().get("/me/orders", token()).json().value(u"items").toArray();
        for (const QJsonValue &order : mine)
            if (order.toObject().value(u"hold_id").toString() == holdId)
                return order.toObject();
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_counter"), m_dir);

        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        const QByteArray manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        const EventShape shape = EventShape::seatsAndGa(12, 10, 50, 2)
                                     .holding(600, 40, 10)
                                     .titled(QStringLiteral("Counter Night"));
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       manager,
                                                       QStringLiteral("hall"),
                                                       shape);
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
        createUser(QStringLiteral("clerk1"), QStringLiteral("clerk"));
        createUser(QStringLiteral("boss1"), QStringLiteral("manager"));
    }

    void cardPresentSale()
    {
        MainWindow window(journal());
        signIn(window, QStringLiteral("clerk1"));
        pickTwo(window);
        const QJsonObject order = sellAndFindOrder(window,
                                                   QStringLiteral("card_present"),
                                                   QStringLiteral("TERM-4711"),
                                                   QStringLiteral("10-card-sale-done"));
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(order.value(u"payment").toObject().value(u"method").toString(),
                 QStringLiteral("card_present"));
        QCOMPARE(order.value(u"tickets").toArray().size(), 2);
    }

    void compNeedsManager()
    {
        {
            // A clerk: the comp option is off, and a comp forced through is refused clearly.
            MainWindow window(journal());
            signIn(window, QStringLiteral("clerk1"));
            pickTwo(window);
            window.activateWindow();
            QTest::keyClick(&window, Qt::Key_F12);
            QTRY_VERIFY(window.checkoutDialog());
            CheckoutDialog *dialog = window.checkoutDialog();
            auto *comp = dialog->findChildren<QRadioButton *>().at(2);
            QVERIFY(!comp->isEnabled());
            QVERIFY(comp->toolTip().contains(QStringLiteral("manager")));
            dialog->setMethod(QStringLiteral("comp"));
            dialog->setReference(QStringLiteral("press"));
            QTest::keyClick(dialog, Qt::Key_Return);
            auto *status = dialog->findChild<QLabel *>(QStringLiteral("checkoutStatus"));
            QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("role")), 10000);
            QVERIFY2(status->text().contains(QStringLiteral("manager")), qPrintable(status->text()));
            QVERIFY(!dialog->isDone());
            shoot(dialog, QStringLiteral("11-comp-refused-for-clerk"));
            dialog->reject();
            QTRY_VERIFY(!window.checkoutDialog());
        }
        MainWindow window(journal());
        signIn(window, QStringLiteral("boss1"));
        QCOMPARE(window.role(), QStringLiteral("manager"));
        pickTwo(window);
        const QJsonObject order = sellAndFindOrder(window,
                                                   QStringLiteral("comp"),
                                                   QStringLiteral("Sponsor guests"),
                                                   QStringLiteral("12-comp-sale-done"));
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(order.value(u"payment").toObject().value(u"method").toString(),
                 QStringLiteral("comp"));
    }

    void refundPartThenWhole()
    {
        MainWindow window(journal());
        signIn(window, QStringLiteral("clerk1"));
        openTheEvent(window); // its seats get names in the refund list
        const QJsonObject sold = sellOverHttp(3);
        QVERIFY(!sold.isEmpty());
        const QString orderId = sold.value(u"order_id").toString();
        const QJsonArray tickets = sold.value(u"tickets").toArray();
        const qint64 price = tickets.first().toObject().value(u"price_cents").toInteger();
        QVERIFY(price > 0);
        OrderLookupDialog *lookup = lookUp(window, orderId);
        QVERIFY(lookup);

        // Partial: everything is ticked at first; keep only the first ticket and press Enter.
        QTest::mouseClick(lookup->findChild<QPushButton *>(QStringLiteral("refundButton")),
                          Qt::LeftButton);
        RefundDialog *refund = nullptr;
        QTRY_VERIFY((refund = lookup->findChild<RefundDialog *>()));
        QCOMPARE(refund->ticketIds().size(), 3);
        QVERIFY(refund->whole());
        QCOMPARE(refund->amountCents(), sold.value(u"amount_cents").toInteger());
        const QString first = tickets.first().toObject().value(u"ticket_id").toString();
        const QString firstSeat = tickets.first().toObject().value(u"seat_id").toString();
        auto *list = refund->findChild<QListWidget *>(QStringLiteral("refundTickets"));
        QVERIFY2(list->item(0)->text().contains(QStringLiteral(" · Row ")),
                 qPrintable(list->item(0)->text()));
        for (int i = 1; i < list->count(); ++i)
            list->item(i)->setCheckState(Qt::Unchecked);
        QCOMPARE(refund->ticketIds(), QStringList{first});
        QCOMPARE(refund->amountCents(), price);
        QVERIFY(refund->findChild<QLabel *>(QStringLiteral("refundAmount"))
                    ->text()
                    .contains(QString::number(price / 100)));
        shoot(refund, QStringLiteral("13-refund-partial"));
        QSignalSpy refunded(lookup, &OrderLookupDialog::refunded);
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(refunded.wait(10000));
        QCOMPARE(refunded.at(0).at(1).toLongLong(), price);
        QJsonObject order = serverOrder(orderId);
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("paid"));
        QCOMPARE(order.value(u"refunded_cents").toInteger(), price);
        int voided = 0;
        for (const QJsonValue &t : order.value(u"tickets").toArray()) {
            const bool isFirst = t.toObject().value(u"ticket_id").toString() == first;
            QCOMPARE(t.toObject().value(u"status").toString(),
                     isFirst ? QStringLiteral("void") : QStringLiteral("valid"));
            voided += isFirst ? 1 : 0;
        }
        QCOMPARE(voided, 1);
        // The seat map is a projection fed from the outbox: it follows within moments.
        // The seat map is a projection: under load an older version (from before the sale) may
        // answer first, with every seat available. Wait for the one after the refund.
        QTRY_COMPARE_WITH_TIMEOUT(seatStatus(firstSeat) + u'/'
                                      + seatStatus(
                                          tickets.at(1).toObject().value(u"seat_id").toString()),
                                  QStringLiteral("available/sold"),
                                  10000);
        QTRY_VERIFY(!lookup->findChild<RefundDialog *>());

        // Whole: the two left, all ticked; the order is refunded in full.
        QTRY_VERIFY(lookup->findChild<QPushButton *>(QStringLiteral("refundButton"))->isEnabled());
        QTest::mouseClick(lookup->findChild<QPushButton *>(QStringLiteral("refundButton")),
                          Qt::LeftButton);
        QTRY_VERIFY((refund = lookup->findChild<RefundDialog *>()));
        QCOMPARE(refund->ticketIds().size(), 2);
        QCOMPARE(refund->amountCents(), sold.value(u"amount_cents").toInteger() - price);
        shoot(refund, QStringLiteral("14-refund-rest"));
        QTest::keyClick(refund->findChild<QListWidget *>(QStringLiteral("refundTickets")),
                        Qt::Key_Return);
        QVERIFY(refunded.wait(10000));
        order = serverOrder(orderId);
        QCOMPARE(order.value(u"status").toString(), QStringLiteral("refunded"));
        QCOMPARE(order.value(u"refunded_cents"), sold.value(u"amount_cents"));
        for (const QJsonValue &t : order.value(u"tickets").toArray()) {
            QCOMPARE(t.toObject().value(u"status").toString(), QStringLiteral("void"));
            QTRY_COMPARE_WITH_TIMEOUT(seatStatus(t.toObject().value(u"seat_id").toString()),
                                      QStringLiteral("available"),
                                      10000);
        }
        QVERIFY(!lookup->findChild<QPushButton *>(QStringLiteral("refundButton"))->isEnabled());
        shoot(lookup, QStringLiteral("15-order-refunded"));

        // The journal has both refunds (card: no drawer movement).
        bool loaded = false;
        QList<JournalEntry> rows;
        window.journal()->all([&](const QList<JournalEntry> &all) {
            rows = all;
            loaded = true;
        });
        QTRY_VERIFY(loaded);
        qint64 journaled = 0;
        for (const JournalEntry &e : rows)
            if (e.kind == u"refund" && e.orderId == orderId)
                journaled += e.amountCents;
        QCOMPARE(journaled, sold.value(u"amount_cents").toInteger());
        lookup->close();
    }

    void reissue()
    {
        MainWindow window(journal());
        signIn(window, QStringLiteral("clerk1"));
        const QJsonObject sold = sellOverHttp(1);
        QVERIFY(!sold.isEmpty());
        const QString oldCode
            = sold.value(u"tickets").toArray().first().toObject().value(u"code").toString();
        OrderLookupDialog *lookup = lookUp(window, sold.value(u"order_id").toString());
        QVERIFY(lookup);
        lookup->findChild<QTableWidget *>()->setCurrentCell(0, 0);
        QSignalSpy reprinted(lookup, &OrderLookupDialog::reprint);
        QTest::mouseClick(lookup->findChild<QPushButton *>(QStringLiteral("reissueButton")),
                          Qt::LeftButton);
        QVERIFY(reprinted.wait(10000));
        const QString newCode = reprinted.at(0).at(1).toJsonObject().value(u"code").toString();
        QVERIFY(!newCode.isEmpty());
        QVERIFY(newCode != oldCode);
        QCOMPARE(scan(oldCode), QStringLiteral("void"));
        QCOMPARE(scan(newCode), QStringLiteral("valid"));
        QTRY_VERIFY(!window.lastPrintFile().isEmpty());
        shoot(lookup, QStringLiteral("16-reissued"));
        lookup->close();
    }

    void shiftPickedUpAfterRestart()
    {
        QString shiftId;
        {
            MainWindow window(journal());
            signIn(window, QStringLiteral("clerk1"));
            const auto opened = http().post("/shifts",
                                            QJsonObject{{QStringLiteral("float_cents"), 5000}},
                                            token());
            QCOMPARE(opened.status, 201);
            shiftId = opened.json().value(u"shift_id").toString();
        }
        // The app restarts without knowing the shift (settings of another counter, or lost).
        ShiftDialog::setCurrentShiftId({});
        {
            MainWindow window(journal());
            QSignalSpy checked(&window, &MainWindow::shiftChecked);
            window.show();
            QVERIFY(window.restoreSession());
            QVERIFY(checked.wait(10000));
            QCOMPARE(checked.at(0).at(0).toString(), shiftId);
            QCOMPARE(ShiftDialog::currentShiftId(), shiftId);
        }
        // Opening again from the shift dialog picks the open shift up instead of failing.
        ShiftDialog::setCurrentShiftId({});
        MainWindow window(journal());
        QSignalSpy checked(&window, &MainWindow::shiftChecked);
        window.show();
        QVERIFY(window.restoreSession());
        QVERIFY(checked.wait(10000));
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_F4);
        ShiftDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<ShiftDialog *>()));
        // Pretend the start-up check has not answered yet: the 409 path is what is tested here.
        ShiftDialog::setCurrentShiftId({});
        QSignalSpy shown(dialog, &ShiftDialog::reportShown);
        auto *open = dialog->findChild<QPushButton *>(QStringLiteral("openShift"));
        dialog->openShift(2000);
        QVERIFY(shown.wait(10000));
        QCOMPARE(ShiftDialog::currentShiftId(), shiftId);
        QVERIFY2(dialog->statusText().contains(QStringLiteral("picked up")),
                 qPrintable(dialog->statusText()));
        QCOMPARE(dialog->report().floatCents, 5000); // the float it was opened with
        QVERIFY(!open->isEnabled());
        shoot(dialog, QStringLiteral("17-shift-picked-up"));
        // The Z report closes that same shift on the server.
        dialog->closeShift(5000);
        QTRY_VERIFY_WITH_TIMEOUT(ShiftDialog::currentShiftId().isEmpty(), 10000);
        const auto report = http().get("/shifts/" + shiftId.toUtf8() + "/report", token());
        QCOMPARE(report.json().value(u"status").toString(), QStringLiteral("closed"));
        QCOMPARE(report.json().value(u"variance_cents").toInteger(), 0);
        QCOMPARE(http().get("/shifts/current", token()).status, 404);
        dialog->close();
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestCounter)
#include "tst_boxoffice_counter.moc"
