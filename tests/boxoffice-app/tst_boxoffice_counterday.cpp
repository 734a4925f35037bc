// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "checkout/openshiftpanel.h"
#include "checkout/splittenderpage.h"
#include "checkoutdialog.h"
#include "checkoutfixture.h"
#include "countersettings.h"
#include "eventfinder.h"
#include "mailboxfixture.h"
#include "mainwindow.h"
#include "orderlookupdialog.h"
#include "refunddialog.h"
#include "salepage.h"
#include "salesession.h"
#include "shiftdialog.h"
#include "signinpage.h"
#include "willcall/exchangedialog.h"
#include "willcall/willcalldialog.h"

#include <client/salesclient.h>

#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace boxoffice::app;
using namespace boxoffice::test;

namespace {

/// A small theatre in Sao Paulo: Plateia (A, 50.00) and Balcão (B, 30.00).
QByteArray theatre()
{
    QJsonObject venue = QJsonDocument::fromJson(venueJson(QStringLiteral("teatro"), 2, 8, 12, 0))
                            .object();
    venue.insert(QStringLiteral("name"), QStringLiteral("Teatro Municipal"));
    venue.insert(QStringLiteral("city"), QStringLiteral("São Paulo"));
    venue.insert(QStringLiteral("time_zone"), QStringLiteral("America/Sao_Paulo"));
    QJsonArray sections = venue.value(u"sections").toArray();
    const QStringList names{QStringLiteral("Plateia"), QStringLiteral("Balcão")};
    for (int i = 0; i < sections.size(); ++i) {
        QJsonObject s = sections.at(i).toObject();
        s.insert(QStringLiteral("name"), names.at(i));
        sections[i] = s;
    }
    venue.insert(QStringLiteral("sections"), sections);
    venue.insert(QStringLiteral("categories"),
                 QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("A")},
                                        {QStringLiteral("name"), QStringLiteral("Plateia")},
                                        {QStringLiteral("color"), QStringLiteral("#c0392b")}},
                            // The blue of the wheelchair marks: the app must pick another.
                            QJsonObject{{QStringLiteral("id"), QStringLiteral("B")},
                                        {QStringLiteral("name"), QStringLiteral("Balcão")},
                                        {QStringLiteral("color"), QStringLiteral("#1565c0")}}});
    return QJsonDocument(venue).toJson(QJsonDocument::Compact);
}

} // namespace

// ONE clerk's day at the counter, through the real widgets against a real server, PostgreSQL,
// Redis and the payment sandbox: open the shift from the first cash checkout, a walk-up cash
// sale, a split-tender sale, will-call pickup of a web order, an exchange, a partial refund, an
// X report and a Z report that balances; a second clerk finds the drawer locked meanwhile.
class TestCounterDayGui : public QObject
{
    Q_OBJECT
private:
    Mailbox m_mailbox; // declared first: the server stops before its mail server
    Checkout m_checkout;
    QString m_eventId;
    QString m_webOrder;
    QTemporaryDir m_dir;
    QString m_screenshots;
    int m_journals = 0;

    HttpClient http() const { return m_checkout.client(); }
    QString url() const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_checkout.server->port());
    }
    static QByteArray token()
    {
        return QSettings().value(QStringLiteral("session/token")).toByteArray();
    }
    QString journal() { return m_dir.filePath(QStringLiteral("day%1.sqlite").arg(++m_journals)); }

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
                                     QString::fromStdString(m_checkout.server->databaseUrl()),
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

    void signIn(MainWindow &window, const QString &user)
    {
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SignInPage *page = window.signInPage();
        page->findChild<QLineEdit *>(QStringLiteral("serverUrl"))->setText(url());
        page->findChild<QLineEdit *>(QStringLiteral("userName"))->setText(user);
        auto *password = page->findChild<QLineEdit *>(QStringLiteral("password"));
        QTest::keyClicks(password, QStringLiteral("s3cret-pass"));
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
    }

    void openTheEvent(MainWindow &window)
    {
        QLineEdit *search = window.eventFinder()->searchBox();
        search->setFocus();
        QTest::keyClicks(search, m_eventId);
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
    }

    void bestTwo(MainWindow &window)
    {
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->basketSeats().size(), 2, 10000);
        QTRY_VERIFY(!window.session()->isBusy());
    }

    template<typename T>
    T *waitFor(QWidget &parent)
    {
        T *found = nullptr;
        if (!QTest::qWaitFor([&] { return (found = parent.findChild<T *>()) != nullptr; }, 5000))
            return nullptr;
        return found;
    }

    QJsonObject order(const QString &id)
    {
        return http().get("/orders/" + id.toUtf8(), token()).json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_counterday"), m_dir);
        CounterSettings::setDrawer(QStringLiteral("Till 1"));
        // Tickets by mail through a real SMTP server (aiosmtpd): will-call mails them again.
        QVERIFY(m_mailbox.start());
        QVERIFY(
            m_checkout.start({},
                             {},
                             {{QStringLiteral("BOXOFFICE_SMTP_URL"), m_mailbox.url()},
                              {QStringLiteral("BOXOFFICE_MAIL_FROM"),
                               QStringLiteral("Box Office <tickets@boxoffice.test>")},
                              {QStringLiteral("BOXOFFICE_MAIL_POLL_MS"), QStringLiteral("100")}}));
        const QByteArray manager = testToken(QStringLiteral("manager-1"), QStringLiteral("manager"));
        QCOMPARE(http().postRaw("/venues", theatre(), manager).status, 201);
        QJsonObject event = eventJson(QStringLiteral("teatro"), 600, 20, 10);
        event.insert(QStringLiteral("title"), QStringLiteral("Noite de Samba"));
        event.insert(QStringLiteral("starts_at"), QStringLiteral("2030-06-01T23:30:00Z"));
        const auto created = http().post("/events", event, manager);
        QVERIFY2(created.status == 201, created.body.constData());
        m_eventId = created.json().value(u"id").toString();
        createUser(QStringLiteral("marta"), QStringLiteral("clerk"));
        createUser(QStringLiteral("luis"), QStringLiteral("clerk"));

        // A web order, paid online through the sandbox: Ana will pick it up at the counter.
        QCOMPARE(m_checkout.scalar("WITH u AS (INSERT INTO users (username, password_hash, role,"
                                   " email, name) VALUES ('ana', 'x', 'fan',"
                                   " 'ana.souza@example.org', 'Ana Souza') RETURNING 1)"
                                   " SELECT count(*) FROM u"),
                 1);
        const QByteArray ana = testToken(QStringLiteral("ana"));
        const QString hold = m_checkout.hold(m_eventId,
                                             {QStringLiteral("S2-8-5"), QStringLiteral("S2-8-6")},
                                             ana);
        QVERIFY(!hold.isEmpty());
        const auto placed = m_checkout.order(hold, ana);
        QCOMPARE(placed.status, 201);
        m_webOrder = placed.json().value(u"order_id").toString();
        const QString intent
            = placed.json().value(u"payment").toObject().value(u"intent_id").toString();
        QCOMPARE(m_checkout.confirm(intent, QStringLiteral("4242424242424242")).status, 200);
        QCOMPARE(m_checkout.waitOrder(m_webOrder, ana, QStringLiteral("paid")).value(u"status"),
                 QJsonValue(QStringLiteral("paid")));
    }

    void clerksDay()
    {
        MainWindow window(journal());
        QSignalSpy checked(&window, &MainWindow::shiftChecked);
        signIn(window, QStringLiteral("marta"));
        QTRY_VERIFY_WITH_TIMEOUT(checked.count() > 0, 10000);
        QVERIFY(ShiftDialog::currentShiftId().isEmpty());
        openTheEvent(window);
        // Local time at the venue, no seconds, whatever this machine's zone (tests run in UTC).
        const QString title
            = window.salePage()->findChild<QLabel *>(QStringLiteral("eventTitle"))->text();
        QVERIFY2(title.contains(QStringLiteral("20:30")), qPrintable(title));
        QVERIFY2(!title.contains(QStringLiteral("23:30")) && !title.contains(QStringLiteral(":00")),
                 qPrintable(title));

        // 1. The first cash sale of the day: no shift yet, so the checkout offers to open it.
        bestTwo(window);
        QTest::keyClick(&window, Qt::Key_F12);
        QTRY_VERIFY(window.checkoutDialog());
        CheckoutDialog *checkout = window.checkoutDialog();
        QVERIFY(checkout->needsShift());
        QTRY_VERIFY(checkout->shiftPanel()->isVisible());
        QVERIFY(!checkout->findChild<QPushButton *>(QStringLiteral("confirmSale"))->isEnabled());
        checkout->shiftPanel()->setFloat(10000);
        shoot(checkout, QStringLiteral("20-checkout-opens-shift"));
        QTest::keyClick(checkout, Qt::Key_Return); // opens the shift with the float
        QTRY_VERIFY_WITH_TIMEOUT(!checkout->needsShift(), 10000);
        QVERIFY(!ShiftDialog::currentShiftId().isEmpty());
        const QString shiftId = ShiftDialog::currentShiftId();
        const qint64 walkUp = window.session()->totalCents(); // 2 x 50.00
        QCOMPARE(walkUp, 10000);
        checkout->setTendered(12000);
        QTest::keyClick(checkout, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(checkout->isDone(), 15000);
        QVERIFY2(checkout->changeText().contains(QStringLiteral("20.00")),
                 qPrintable(checkout->changeText()));
        shoot(checkout, QStringLiteral("21-cash-sale-done"));
        QTest::keyClick(checkout, Qt::Key_Return);
        QTRY_VERIFY(!window.checkoutDialog());
        // F4 right after the checkout closed opens the shift (it used to go nowhere).
        QTest::keyClick(&window, Qt::Key_F4);
        ShiftDialog *shift = waitFor<ShiftDialog>(window);
        QVERIFY2(shift, "F4 after closing the checkout did nothing");
        shift->close();
        QTRY_VERIFY(!window.findChild<ShiftDialog *>());

        // 2. Split tender: 30.00 in cash (40.00 handed over), the rest on the card terminal.
        bestTwo(window);
        const QString splitHold = window.session()->holdId();
        QTest::keyClick(&window, Qt::Key_F12);
        QTRY_VERIFY(window.checkoutDialog());
        checkout = window.checkoutDialog();
        QVERIFY(!checkout->needsShift());
        checkout->setMethod(QStringLiteral("split"));
        checkout->splitPage()->setCashPart(3000);
        checkout->splitPage()->setTendered(4000);
        checkout->setReference(QStringLiteral("TERM-5521"));
        QCOMPARE(checkout->splitPage()->cardCents(), window.session()->totalCents() - 3000);
        const qint64 splitCard = checkout->splitPage()->cardCents();
        shoot(checkout, QStringLiteral("22-split-tender"));
        QTest::keyClick(checkout, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(checkout->isDone(), 15000);
        QVERIFY2(checkout->changeText().contains(QStringLiteral("10.00")),
                 qPrintable(checkout->changeText()));
        shoot(checkout, QStringLiteral("23-split-done"));
        QTest::keyClick(checkout, Qt::Key_Return);
        QTRY_VERIFY(!window.checkoutDialog());
        QString splitOrder;
        for (const QJsonValue &o :
             http().get("/me/orders", token()).json().value(u"items").toArray())
            if (o.toObject().value(u"hold_id").toString() == splitHold)
                splitOrder = o.toObject().value(u"order_id").toString();
        QCOMPARE(order(splitOrder).value(u"payment").toObject().value(u"method").toString(),
                 QStringLiteral("split"));

        // The README's picture: the live map with sold seats and a basket.
        QTest::keyClick(&window, Qt::Key_F6);
        QTRY_COMPARE_WITH_TIMEOUT(window.session()->basketSeats().size(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.salePage()->connectionText().contains(
                                     QStringLiteral("Live")),
                                 10000);
        window.salePage()->flushPending();
        window.statusBar()->clearMessage(); // the print folder is a temporary one
        QTest::qWait(200);
        shoot(&window, QStringLiteral("boxoffice-app"));
        QTest::keyClick(&window, Qt::Key_F8); // and let them go again
        QTRY_VERIFY(window.session()->basket().isEmpty());

        // 3. Will-call: Ana gives her e-mail; her web order's tickets print here, codes unchanged.
        const QJsonObject web = order(m_webOrder);
        QTest::keyClick(&window, Qt::Key_F5);
        WillCallDialog *willCall = waitFor<WillCallDialog>(window);
        QVERIFY(willCall);
        auto *query = willCall->findChild<QLineEdit *>(QStringLiteral("willCallQuery"));
        QTest::keyClicks(query, QStringLiteral("ana.souza@"));
        QTest::keyClick(query, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(willCall->resultCount(), 1, 10000);
        QTRY_COMPARE(willCall->currentOrder().value(u"order_id").toString(), m_webOrder);
        QVERIFY(willCall->findChild<QTreeWidget *>()->topLevelItem(0)->text(1).contains(
            QStringLiteral("20:30")));
        QSignalSpy printed(&window, &MainWindow::printed);
        QTest::keyClick(willCall, Qt::Key_F8);
        QVERIFY(printed.wait(10000));
        QCOMPARE(printed.at(0).at(0).toString(), m_webOrder);
        QTRY_COMPARE_WITH_TIMEOUT(m_checkout.scalar("SELECT count(*) FROM audit WHERE action ="
                                                    " 'tickets.print' AND subject = '"
                                                    + m_webOrder.toStdString() + "'"),
                                  1,
                                  10000);
        QCOMPARE(order(m_webOrder).value(u"tickets"), web.value(u"tickets")); // same codes
        shoot(willCall, QStringLiteral("24-will-call"));

        // Ana lost the mail: F9 sends it again, to the address she gives now.
        QCOMPARE(m_mailbox.waitFor(QStringLiteral("ana.souza@example.org"), 1).size(), 1);
        QTest::keyClick(willCall, Qt::Key_F9);
        auto *address = waitFor<QInputDialog>(*willCall);
        QVERIFY(address);
        QCOMPARE(address->textValue(), QStringLiteral("ana.souza@example.org"));
        shoot(address, QStringLiteral("24b-will-call-mail-again"));
        auto *addressField = address->findChild<QLineEdit *>();
        addressField->selectAll();
        QTest::keyClicks(addressField, QStringLiteral("ana.nova@example.org"));
        QSignalSpy mailed(willCall, &WillCallDialog::mailed);
        QTest::keyClick(addressField, Qt::Key_Return);
        QVERIFY(mailed.wait(10000));
        QCOMPARE(mailed.at(0).at(1).toString(), QStringLiteral("ana.nova@example.org"));
        QVERIFY2(willCall->statusText().contains(u"ana.nova@example.org"),
                 qPrintable(willCall->statusText()));
        const auto again = m_mailbox.waitFor(QStringLiteral("ana.nova@example.org"), 1);
        QCOMPARE(again.size(), 1);
        QCOMPARE(again.first().value(u"attachments").toArray().size(), 1);
        shoot(willCall, QStringLiteral("24c-will-call-mailed"));

        // 4. Exchange: Ana moves one ticket from the balcony (30.00) to the stalls (50.00).
        willCall->selectTicket(0);
        QTest::keyClick(willCall, Qt::Key_F11);
        ExchangeDialog *exchange = waitFor<ExchangeDialog>(*willCall);
        QVERIFY(exchange);
        QTRY_VERIFY_WITH_TIMEOUT(exchange->isReady(), 10000);
        QVERIFY(exchange->chooseSeat(QStringLiteral("S1-8-6")));
        QCOMPARE(exchange->differenceCents(), 2000);
        exchange->setMethod(QStringLiteral("cash"));
        exchange->setTendered(2000);
        shoot(exchange, QStringLiteral("25-exchange"));
        QSignalSpy exchanged(willCall, &WillCallDialog::exchanged);
        QTest::keyClick(exchange, Qt::Key_Return);
        QVERIFY(exchanged.wait(10000));
        shoot(exchange, QStringLiteral("26-exchange-done"));
        QTest::keyClick(exchange, Qt::Key_Return);
        QTRY_VERIFY(!willCall->findChild<ExchangeDialog *>());
        const QJsonObject after = order(m_webOrder);
        int valid = 0;
        bool onNewSeat = false;
        for (const QJsonValue &t : after.value(u"tickets").toArray()) {
            valid += t.toObject().value(u"status").toString() == u"valid" ? 1 : 0;
            onNewSeat |= t.toObject().value(u"seat_id").toString() == u"S1-8-6"
                         && t.toObject().value(u"status").toString() == u"valid";
        }
        QCOMPARE(valid, 2);
        QVERIFY(onNewSeat);
        shoot(willCall, QStringLiteral("27-will-call-after-exchange"));
        willCall->close();
        QTRY_VERIFY(!window.findChild<WillCallDialog *>());

        // A second clerk signing in at this drawer is told it is locked, and by whom.
        {
            MainWindow second(journal());
            signIn(second, QStringLiteral("luis"));
            QMessageBox *box = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((box = second.findChild<QMessageBox *>(
                                          QStringLiteral("drawerLockedBox"))),
                                     10000);
            QVERIFY2(box->text().contains(QStringLiteral("marta"))
                         && box->text().contains(QStringLiteral("Till 1")),
                     qPrintable(box->text()));
            shoot(&second, QStringLiteral("28-drawer-locked"));
            QTest::qWait(100);
            shoot(box, QStringLiteral("28-drawer-locked-message"));
            box->close();
        }
        // (Both windows share this process's settings; on two machines each keeps its own.)
        ShiftDialog::setCurrentShiftId(shiftId);
        QSettings().setValue(QStringLiteral("session/token"), window.client()->accessToken());

        // 5. A partial refund: one ticket of the walk-up cash sale, cash out of the drawer.
        QString cashSale;
        for (const QJsonValue &o :
             http().get("/me/orders", token()).json().value(u"items").toArray())
            if (o.toObject().value(u"payment").toObject().value(u"method").toString() == u"cash")
                cashSale = o.toObject().value(u"order_id").toString();
        QVERIFY(!cashSale.isEmpty());
        // The second clerk's window is gone: the clerk clicks back into this one.
        window.activateWindow();
        QTRY_VERIFY(window.isActiveWindow());
        QTest::keyClick(&window, Qt::Key_F3);
        OrderLookupDialog *lookup = waitFor<OrderLookupDialog>(window);
        QVERIFY(lookup);
        auto *orderQuery = lookup->findChild<QLineEdit *>(QStringLiteral("orderQuery"));
        QTest::keyClicks(orderQuery, cashSale);
        QTest::keyClick(orderQuery, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(lookup->statusText(), QStringLiteral("Found."), 10000);
        QTest::mouseClick(lookup->findChild<QPushButton *>(QStringLiteral("refundButton")),
                          Qt::LeftButton);
        RefundDialog *refund = waitFor<RefundDialog>(*lookup);
        QVERIFY(refund);
        auto *list = refund->findChild<QListWidget *>(QStringLiteral("refundTickets"));
        list->item(1)->setCheckState(Qt::Unchecked);
        QCOMPARE(refund->amountCents(), 5000);
        shoot(refund, QStringLiteral("29-partial-refund"));
        QSignalSpy refunded(lookup, &OrderLookupDialog::refunded);
        QTest::keyClick(list, Qt::Key_Return);
        QVERIFY(refunded.wait(10000));
        lookup->close();
        QTRY_VERIFY(!window.findChild<OrderLookupDialog *>());

        // 6. X report: cash 100.00 + 30.00 + 20.00 in, 50.00 out; card the split's part.
        QTest::keyClick(&window, Qt::Key_F4);
        shift = waitFor<ShiftDialog>(window);
        QVERIFY(shift);
        QSignalSpy shown(shift, &ShiftDialog::reportShown);
        shift->xReport();
        QVERIFY(shown.wait(10000));
        const ShiftReport x = shift->report();
        QCOMPARE(x.floatCents, 10000);
        QCOMPARE(x.cashSalesCents, walkUp + 3000 + 2000);
        QCOMPARE(x.cardSalesCents, splitCard);
        QCOMPARE(x.refundsCashCents, 5000);
        const qint64 expected = 10000 + walkUp + 3000 + 2000 - 5000;
        QCOMPARE(x.expectedCashCents(), expected);
        const auto server = http().get("/shifts/" + shiftId.toUtf8() + "/report", token()).json();
        QCOMPARE(server.value(u"expected_cash_cents").toInteger(), expected);
        QCOMPARE(server.value(u"sales_count").toInt(),
                 3); // walk-up, split, the exchange's difference
        const QTableWidget *table = shift->findChild<QTableWidget *>(QStringLiteral("reportTable"));
        QVERIFY(!table->item(0, 1)->text().contains(QStringLiteral("UTC")));
        shoot(shift, QStringLiteral("30-x-report"));

        // 7. Z report: the counted drawer matches, variance zero, on the server too.
        shift->closeShift(expected);
        QTRY_VERIFY_WITH_TIMEOUT(ShiftDialog::currentShiftId().isEmpty(), 10000);
        QTRY_VERIFY(shift->report().countedCents.has_value());
        QCOMPARE(*shift->report().varianceCents(), 0);
        shoot(shift, QStringLiteral("31-z-report"));
        const auto closed = http().get("/shifts/" + shiftId.toUtf8() + "/report", token()).json();
        QCOMPARE(closed.value(u"kind").toString(), QStringLiteral("Z"));
        QCOMPARE(closed.value(u"variance_cents").toInteger(), 0);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
        shift->close();
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestCounterDayGui)
#include "tst_boxoffice_counterday.moc"
