// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "countersettings.h"
#include "printing/counterprinting.h"
#include "printing/escposencoder.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace boxoffice::app;

namespace {

/// A printer on a loopback port chosen at run time: keeps every byte each connection sends.
class FakePrinter : public QObject
{
public:
    FakePrinter()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                m_jobs.append(QByteArray());
                const qsizetype job = m_jobs.size() - 1;
                connect(socket, &QTcpSocket::readyRead, this, [this, socket, job] {
                    m_jobs[job] += socket->readAll();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort()); }
    QList<QByteArray> jobs() const { return m_jobs; }

private:
    QTcpServer m_server;
    QList<QByteArray> m_jobs;
};

PrintedOrder sampleOrder()
{
    PrintedOrder order;
    order.orderId = QStringLiteral("3f2a0c1e-0000-4000-8000-000000000001");
    order.eventTitle = QStringLiteral("Noite de Samba");
    order.venueName = QStringLiteral("Teatro Municipal");
    order.startsAt = QDateTime(QDate(2030, 6, 1), QTime(23, 30), QTimeZone::utc());
    order.timeZone = QStringLiteral("America/Sao_Paulo"); // UTC-3: 20:30 on the ticket
    order.currency = QStringLiteral("EUR");
    order.tickets = {{QStringLiteral("t1"),
                      QStringLiteral("CODE-ONE.sig"),
                      QStringLiteral("Plateia · Row 3 · Seat 12"),
                      5000},
                     {QStringLiteral("t2"),
                      QStringLiteral("CODE-TWO.sig"),
                      QStringLiteral("Plateia · Row 3 · Seat 13"),
                      5000}};
    order.totalCents = 10000;
    order.method = QStringLiteral("cash");
    order.tenderedCents = 12000;
    order.changeCents = 2000;
    order.clerk = QStringLiteral("clerk1");
    order.printedAt = QDateTime(QDate(2030, 6, 1), QTime(21, 5, 42), QTimeZone::utc());
    return order;
}

QByteArray qrStore(const QByteArray &data)
{
    const int length = int(data.size()) + 3;
    return QByteArray("\x1d(k", 3) + char(length & 0xff) + char(length >> 8)
           + QByteArray("\x31\x50\x30", 3) + data;
}

} // namespace

// Receipts and tickets in the printers' own languages, sent to a fake printer on a loopback
// port: the bytes are checked (text lines, QR commands, cut, drawer kick), not just "sent".
class TestCounterPrinting : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QList<QByteArray> printTo(FakePrinter &printer, const PrintedOrder &order, bool receipt)
    {
        CounterPrinting printing;
        QString message = QStringLiteral("unset");
        bool done = false;
        printing.print(order, receipt, [&](const QString &m, const QString &) {
            message = m;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, 10000))
            return {};
        // The printer has read everything once the client disconnected.
        QTest::qWait(100);
        if (!message.isEmpty())
            qWarning() << message;
        return printer.jobs();
    }

private Q_SLOTS:
    void initTestCase()
    {
        boxoffice::test::setUpAppTest(QStringLiteral("tst_counterprinting"), m_dir);
    }

    void escPosReceiptWithDrawerKick()
    {
        FakePrinter printer;
        CounterSettings::setTicketPrinter(QStringLiteral("escpos"), printer.address());
        CounterSettings::setReceiptPrinter(QStringLiteral("escpos"), printer.address());
        CounterSettings::setKickDrawer(true);
        const QList<QByteArray> jobs = printTo(printer, sampleOrder(), true);
        QCOMPARE(jobs.size(), 2); // tickets, then the receipt, one connection each
        const QByteArray tickets = jobs.at(0);
        const QByteArray receipt = jobs.at(1);
        QVERIFY(tickets.startsWith(QByteArray("\x1b@\x1bt\x10", 5))); // reset, WPC1252
        QVERIFY(tickets.contains(qrStore("CODE-ONE.sig")));
        QVERIFY(tickets.contains(qrStore("CODE-TWO.sig")));
        QVERIFY(tickets.contains(QByteArray("\x1d(k\x03\x00\x31\x51\x30", 8))); // print the QR
        QCOMPARE(tickets.count(QByteArray("\x1dV\x42\x00", 4)), 2);     // one cut per ticket
        QVERIFY(tickets.contains("Plateia \xb7 Row 3 \xb7 Seat 12\n")); // '·' in code page 1252
        QVERIFY(tickets.contains("20:30")); // Sao Paulo's clock, from a machine in UTC
        QVERIFY(!tickets.contains("23:30"));
        QVERIFY(!tickets.contains("20:30:00"));
        QVERIFY(!tickets.contains(QByteArray("\x1bp", 2)));
        QVERIFY(receipt.contains("Noite de Samba\n"));
        QVERIFY(receipt.contains("100.00 EUR\n"));
        QVERIFY(receipt.contains("Change"));
        QVERIFY(receipt.contains("20.00 EUR\n"));
        QVERIFY(receipt.contains("18:05\n")); // printed at 21:05:42 UTC = 18:05 in Sao Paulo
        const qsizetype cut = receipt.indexOf(QByteArray("\x1dV\x42\x00", 4));
        const qsizetype kick = receipt.indexOf(QByteArray("\x1bp\x00\x19\xfa", 5));
        QVERIFY(cut > 0);
        QVERIFY2(kick > cut, "the drawer opens after the receipt is cut");
    }

    void noDrawerKickForCard()
    {
        FakePrinter printer;
        CounterSettings::setTicketPrinter(QStringLiteral("pdf"), {});
        CounterSettings::setReceiptPrinter(QStringLiteral("escpos"), printer.address());
        PrintedOrder order = sampleOrder();
        order.method = QStringLiteral("card_present");
        order.tenderedCents = 0;
        order.reference = QStringLiteral("TERM-4711");
        const QList<QByteArray> jobs = printTo(printer, order, true);
        QCOMPARE(jobs.size(), 1); // tickets went to PDF
        QVERIFY(jobs.at(0).contains("TERM-4711"));
        QVERIFY(!jobs.at(0).contains(QByteArray("\x1bp", 2)));
    }

    void receiptListsTypesDiscountFeesAndTax()
    {
        FakePrinter printer;
        CounterSettings::setTicketPrinter(QStringLiteral("pdf"), {});
        CounterSettings::setReceiptPrinter(QStringLiteral("escpos"), printer.address());
        PrintedOrder order = sampleOrder();
        // A student ticket with 5.00 off, an adult one, a 1.00 order fee: 30.00 + 50.00 + 1.00.
        order.tickets[0].typeName = QStringLiteral("Student");
        order.tickets[0].priceCents = 3000;
        order.tickets[0].discountCents = 500;
        order.feeCents = 100;
        order.taxCents = 736;
        order.taxName = QStringLiteral("VAT");
        order.totalCents = 3000 + 5000 + 100;
        qint64 listed = 0;
        for (const ReceiptItem &item : receiptItems(order))
            listed += item.cents.value_or(0);
        QCOMPARE(listed, order.totalCents); // the lines add up to the total
        const QList<QByteArray> jobs = printTo(printer, order, true);
        QCOMPARE(jobs.size(), 1);
        const QByteArray receipt = jobs.at(0);
        QVERIFY(receipt.contains("Plateia \xb7 Row 3 \xb7 Seat 12\n  Student"));
        QVERIFY(receipt.contains("35.00 EUR\n")); // listed, then the discount under it
        QVERIFY(receipt.contains("Discount"));
        QVERIFY(receipt.contains("-5.00 EUR\n"));
        QVERIFY(receipt.contains("Booking fees"));
        QVERIFY(receipt.contains("1.00 EUR\n"));
        QVERIFY(receipt.contains("81.00 EUR\n"));
        QVERIFY(receipt.contains("Including VAT"));
        QVERIFY(receipt.contains("7.36 EUR\n"));
        // No tax, no fee: no such lines.
        const QByteArray plain = printTo(printer, sampleOrder(), true).last();
        QVERIFY(!plain.contains("Including"));
        QVERIFY(!plain.contains("Booking fees"));
    }

    void bocaFglTickets()
    {
        FakePrinter printer;
        CounterSettings::setTicketPrinter(QStringLiteral("fgl"), printer.address());
        CounterSettings::setReceiptPrinter(QStringLiteral("pdf"), {});
        const QList<QByteArray> jobs = printTo(printer, sampleOrder(), false);
        QCOMPARE(jobs.size(), 1);
        const QByteArray fgl = jobs.at(0);
        QCOMPARE(fgl.count("<p>"), 2); // print and cut, once per ticket
        QVERIFY(fgl.contains("<QR6,0,0,1>{CODE-ONE.sig}"));
        QVERIFY(fgl.contains("<QR6,0,0,1>{CODE-TWO.sig}"));
        QVERIFY(fgl.contains("><F6>Noite de Samba\n"));
        QVERIFY(fgl.contains("20:30"));
        QVERIFY(fgl.indexOf("{CODE-ONE.sig}") < fgl.indexOf("<p>"));
    }

    void unreachablePrinterIsReported()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close(); // nobody listens there now
        CounterSettings::setTicketPrinter(QStringLiteral("escpos"),
                                          QStringLiteral("127.0.0.1:%1").arg(port));
        CounterSettings::setReceiptPrinter(QStringLiteral("pdf"), {});
        CounterPrinting printing;
        QString message;
        bool done = false;
        printing.print(sampleOrder(), false, [&](const QString &m, const QString &) {
            message = m;
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
        QVERIFY2(message.contains(QStringLiteral("Printing failed")), qPrintable(message));
    }

    void encodesText()
    {
        QCOMPARE(EscPosEncoder::encodeText(QStringLiteral("Peña 10€ ✓")),
                 QByteArray("Pe\xf1"
                            "a 10\x80 ?"));
    }

    void cleanupTestCase() { QSettings().clear(); }
};

QTEST_MAIN(TestCounterPrinting)
#include "tst_counterprinting.moc"
