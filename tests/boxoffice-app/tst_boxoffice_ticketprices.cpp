// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "basketpanel.h"
#include "basketpricebox.h"
#include "checkout/invoicerequestdialog.h"
#include "checkoutdialog.h"
#include "counterpricing.h"
#include "eventfinder.h"
#include "eventinfo.h"
#include "mainwindow.h"
#include "salemapclicks.h"
#include "salepage.h"
#include "salesession.h"
#include "seededevent.h"
#include "serverprocess.h"
#include "testenv.h"

#include <pqxx/pqxx>

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// Ticket types and a promo code at the counter (issue 28), through the real widgets against a
// real server: the clerk sells a student ticket next to an adult one with a code; the basket
// shows the server's quote (the code's discount, the fees, the tax), the sale takes exactly that,
// and a code the server refuses says why in the clerk's words, in English and Spanish.
class TestBoxOfficeTicketPrices : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<ServerProcess> m_server;
    QString m_eventId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    QByteArray m_manager;
    QByteArray m_clerk = testToken(QStringLiteral("clerk-prices"), QStringLiteral("clerk"));

    HttpClient http() const { return m_server->client(); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()); }

    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }
    HttpResponse put(const QByteArray &path, const QJsonObject &body, int version)
    {
        return http().send(
            HttpClient::request("PUT",
                                path,
                                QJsonDocument(body).toJson(QJsonDocument::Compact),
                                m_manager,
                                {{"Content-Type", "application/json"},
                                 {"If-Match", '"' + QByteArray::number(version) + '"'}}));
    }
    qint64 scalar(const std::string &sql)
    {
        pqxx::connection connection{m_server->databaseUrl()};
        pqxx::nontransaction work{connection};
        const auto field = work.exec1(sql)[0];
        return field.is_null() ? 0 : field.as<qint64>();
    }
    QComboBox *typeChoice(BasketPanel *basket, int row)
    {
        auto *table = basket->findChild<QTableWidget *>(QStringLiteral("basketLines"));
        return table ? qobject_cast<QComboBox *>(table->cellWidget(row, 1)) : nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_ticketprices"), m_dir);
        const std::string db = requiredEnv("BOXOFFICE_TEST_DATABASE_URL");
        QVERIFY(!db.empty());
        m_server = std::make_unique<ServerProcess>(db);
        QVERIFY2(m_server->isRunning(), m_server->log().constData());
        m_manager = testToken(QStringLiteral("manager-prices"), QStringLiteral("manager"));
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       m_manager,
                                                       QStringLiteral("prices-hall"),
                                                       EventShape::seats(4, 10).titled(
                                                           QStringLiteral("Student Night")));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
        const QByteArray pricing = "/events/" + m_eventId.toUtf8() + "/pricing";
        const int version = http().get(pricing).json().value(u"version").toInt();
        const QJsonObject rules{
            {"ticket_types",
             QJsonArray{QJsonObject{{"id", "student"}, {"name", "Student"}, {"delta_cents", -1500}},
                        QJsonObject{{"id", "web"},
                                    {"name", "Web saver"},
                                    {"delta_cents", -500},
                                    {"channels", QJsonArray{"online"}}}}},
            {"fees",
             QJsonArray{
                 QJsonObject{{"channel", "box_office"}, {"scope", "order"}, {"fixed_cents", 100}}}},
            {"tax", QJsonObject{{"name", "VAT"}, {"rate_percent", 10}, {"included", true}}}};
        QCOMPARE(put(pricing, rules, version).status, 200);
        const auto voucher = http().post("/vouchers",
                                         QJsonObject{{"code", "Campus5"},
                                                     {"events", QJsonArray{m_eventId}},
                                                     {"kind", "amount_off"},
                                                     {"value_cents", 500},
                                                     {"ticket_types", QJsonArray{"student"}}},
                                         m_manager);
        QCOMPARE(voucher.status, 201);
        QCOMPARE(http()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
    }

    void counterSellsAStudentTicketWithACode()
    {
        MainWindow window(m_dir.filePath(QStringLiteral("journal.sqlite")));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(restoreClerkSession(window, url(), QStringLiteral("clerk-prices")));
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.eventFinder(), 10000);
        window.openEvent(m_eventId);
        QTRY_COMPARE_WITH_TIMEOUT(window.currentPage(), window.salePage(), 15000);
        SaleSession *session = window.session();
        CounterPricing *pricing = session->pricing();
        SalePage *page = window.salePage();
        BasketPanel *basket = page->findChild<BasketPanel *>();
        QVERIFY(basket);
        QTRY_COMPARE_WITH_TIMEOUT(pricing->typesFor(QString()).size(), 1, 10000); // not "web"
        QTest::qWait(50);
        page->view()->scale(2.5, 2.5);

        clickSeat(window, QStringLiteral("S1-1-1"));
        QTRY_COMPARE_WITH_TIMEOUT(session->basketSeats().size(), 1, 10000);
        clickSeat(window, QStringLiteral("S1-1-2"));
        QTRY_COMPARE_WITH_TIMEOUT(session->basketSeats().size(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!session->isBusy() && !pricing->isBusy()
                                     && pricing->totalCents().has_value(),
                                 10000);
        // Two seats at the category price and the counter's order fee.
        const qint64 category = session->seatPrice(QStringLiteral("S1-1-1"));
        QCOMPARE(session->totalCents(), 2 * category + 100);

        // The first seat becomes a student ticket, by keyboard.
        QComboBox *type = typeChoice(basket, 0);
        QVERIFY(type);
        QCOMPARE(type->count(), 2);
        QVERIFY(type->itemText(1).startsWith(QStringLiteral("Student")));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Down);
        QTRY_VERIFY_WITH_TIMEOUT(!pricing->isBusy()
                                     && pricing->typeOf(session->basketSeats().first())
                                            == u"student",
                                 10000);
        QTRY_COMPARE_WITH_TIMEOUT(session->totalCents(), 2 * category - 1500 + 100, 10000);

        // An unknown code says so and changes nothing.
        BasketPriceBox *box = basket->priceBox();
        QTest::keyClicks(box->codeEdit(), QStringLiteral("NOPE99"));
        QTest::keyClick(box->codeEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(page->messageText().contains(QStringLiteral("no code NOPE99")),
                                 10000);
        QTRY_VERIFY(!pricing->isBusy());
        QCOMPARE(session->totalCents(), 2 * category - 1500 + 100);
        // The right code, in another case: 5.00 off the student ticket only.
        box->codeEdit()->clear();
        QTest::keyClicks(box->codeEdit(), QStringLiteral("campus5"));
        QTest::mouseClick(box->applyButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!pricing->isBusy()
                                     && pricing->quote().value(u"voucher").toString() == u"Campus5",
                                 10000);
        const qint64 total = 2 * category - 1500 - 500 + 100;
        QCOMPARE(session->totalCents(), total);
        QCOMPARE(pricing->quote().value(u"total_cents").toInteger(), total);
        QVERIFY(box->summaryText().contains(QStringLiteral("Code Campus5")));
        QVERIFY(box->summaryText().contains(QStringLiteral("Including VAT")));
        QCOMPARE(box->applyButton()->text(), QStringLiteral("Remove code"));
        shoot(&window, QStringLiteral("ticketprices-01-basket"));
        // Removed, the code is gone from the hold too (the sale would not take it off).
        QTest::mouseClick(box->applyButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!pricing->isBusy() && pricing->code().isEmpty(), 10000);
        QCOMPARE(session->totalCents(), total + 500);
        const QJsonObject serverQuote
            = http().get("/holds/" + session->holdId().toUtf8() + "/quote", m_clerk).json();
        QVERIFY(serverQuote.value(u"voucher").isNull());
        QCOMPARE(serverQuote.value(u"total_cents").toInteger(), total + 500);
        QTest::keyClicks(box->codeEdit(), QStringLiteral("Campus5"));
        QTest::keyClick(box->codeEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!pricing->isBusy() && session->totalCents() == total, 10000);

        // Sold for exactly what the basket said.
        QTest::keyClick(&window, Qt::Key_F12);
        QTRY_VERIFY(window.checkoutDialog());
        CheckoutDialog *dialog = window.checkoutDialog();
        dialog->setMethod(QStringLiteral("card_present"));
        dialog->setReference(QStringLiteral("TERM-STUDENT"));
        QTest::keyClick(dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isDone(), 15000);
        // The receipt printed with the sale says what the basket said: the type, the discount,
        // the fee, the total and the tax within it.
        QDir printed(m_dir.filePath(QStringLiteral("print")));
        QTRY_COMPARE_WITH_TIMEOUT(printed.entryList({QStringLiteral("*.pdf")}).size(), 1, 10000);
        const QString receiptPdf = printed.filePath(printed.entryList({QStringLiteral("*.pdf")})[0]);
        QProcess pdfToText;
        pdfToText.start(QStringLiteral("pdftotext"),
                        {QStringLiteral("-layout"), receiptPdf, QStringLiteral("-")});
        QVERIFY(pdfToText.waitForFinished(10000));
        const QString receipt = QString::fromUtf8(pdfToText.readAllStandardOutput());
        // The student seat: its type and listed price on a line under its place.
        QVERIFY2(receipt.contains(
                     QRegularExpression(QStringLiteral("\\n\\s*Student\\s+")
                                        + QRegularExpression::escape(
                                            formatMoney(category - 1500, QStringLiteral("EUR"))))),
                 qPrintable(receipt));
        QVERIFY(receipt.contains(QStringLiteral("Discount")));
        QVERIFY(receipt.contains(formatMoney(-500, QStringLiteral("EUR"))));
        QVERIFY(receipt.contains(QStringLiteral("Booking fees")));
        QVERIFY(receipt.contains(QStringLiteral("Including VAT")));
        QVERIFY(receipt.contains(formatMoney(total, QStringLiteral("EUR"))));
        QCOMPARE(QProcess::execute(QStringLiteral("pdftoppm"),
                                   {QStringLiteral("-r"),
                                    QStringLiteral("60"),
                                    QStringLiteral("-png"),
                                    QStringLiteral("-f"),
                                    QStringLiteral("3"),
                                    QStringLiteral("-singlefile"),
                                    receiptPdf,
                                    m_screenshots + QStringLiteral("/ticketprices-04-receipt")}),
                 0);
        // The customer wants an invoice for a company (F9): its PDF is saved beside the tickets.
        QVERIFY(dialog->invoiceButton()->isVisible());
        QTest::keyClick(dialog, Qt::Key_F9);
        InvoiceRequestDialog *invoice = nullptr;
        QTRY_VERIFY((invoice = dialog->findChild<InvoiceRequestDialog *>()));
        QTest::mouseClick(invoice->issueButton(), Qt::LeftButton);
        QCOMPARE(invoice->statusText(),
                 QStringLiteral("Please fill in the company's name and address."));
        QTest::keyClicks(invoice->company(), QStringLiteral("Campus Tours S.L."));
        QTest::keyClicks(invoice->address(), QStringLiteral("Calle Mayor 1, Madrid"));
        QTest::keyClicks(invoice->vatNumber(), QStringLiteral("ESB87654321"));
        QTest::mouseClick(invoice->issueButton(), Qt::LeftButton);
        QTRY_VERIFY2_WITH_TIMEOUT(!invoice->savedFile().isEmpty(),
                                  qPrintable(invoice->statusText()),
                                  10000);
        QFile saved(invoice->savedFile());
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.read(5) == "%PDF-");
        shoot(invoice, QStringLiteral("ticketprices-03-invoice"));
        invoice->close();
        QTest::keyClick(dialog, Qt::Key_Return);
        QTRY_VERIFY(!window.checkoutDialog());
        const std::string event = m_eventId.toStdString();
        QCOMPARE(scalar("SELECT i.amount_cents FROM invoices i JOIN orders o ON o.id = i.order_id"
                        " WHERE o.event_id = '"
                        + event + "' AND i.kind = 'invoice'"),
                 total);
        QCOMPARE(scalar("SELECT amount_cents FROM orders WHERE event_id = '" + event + "'"), total);
        QCOMPARE(scalar("SELECT count(*) FROM order_lines WHERE event_id = '" + event
                        + "' AND type_id = 'student' AND kind = 'ticket' AND discount_cents = 500"),
                 1);
        QCOMPARE(scalar("SELECT count(*) FROM orders WHERE voucher = 'campus5'"), 1);
        // The next basket starts without the code.
        QTRY_VERIFY(pricing->code().isEmpty());

        // A code the server refuses, in Spanish: the student code on an adult seat.
        window.setLanguage(QStringLiteral("es"));
        clickSeat(window, QStringLiteral("S1-2-1"));
        QTRY_VERIFY_WITH_TIMEOUT(!session->isBusy() && !pricing->isBusy()
                                     && session->basketSeats().size() == 1,
                                 10000);
        box->codeEdit()->clear();
        QTest::keyClicks(box->codeEdit(), QStringLiteral("CAMPUS5"));
        QTest::keyClick(box->codeEdit(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(page->messageText().contains(QStringLiteral("no es para estas")),
                                 10000);
        QTRY_VERIFY(!pricing->isBusy());
        QCOMPARE(session->totalCents(), category + 100);
        shoot(&window, QStringLiteral("ticketprices-02-refused-es"));
        window.setLanguage(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestBoxOfficeTicketPrices)
#include "tst_boxoffice_ticketprices.moc"
