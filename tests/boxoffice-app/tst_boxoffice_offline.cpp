// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutdialog.h"
#include "eventinfo.h"
#include "journal.h"
#include "qrcode.h"
#include "salepage.h"
#include "salesession.h"
#include "shiftreport.h"
#include "ticketprinter.h"
#include "venuefixture.h"
#include <core/uilanguage.h>

#include <client/livesession.h>
#include <client/salesclient.h>
#include <seatmap/seatmapscene.h>

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>
#include <QWebSocketServer>

using namespace boxoffice::app;
using boxoffice::client::LiveSession;

namespace {

/// A tiny stand-in for the server's /ws that speaks API.md's seat-map protocol: it answers
/// subscribe with ok, records `since`, and lets the test push frames and cut connections.
class FakeWsServer : public QObject
{
public:
    FakeWsServer()
        : m_server(QStringLiteral("fake"), QWebSocketServer::NonSecureMode)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        QObject::connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
            QWebSocket *socket = m_server.nextPendingConnection();
            socket->setParent(this);
            m_sockets.append(socket);
            QObject::connect(socket,
                             &QWebSocket::textMessageReceived,
                             this,
                             [this, socket](const QString &text) {
                                 const QJsonObject request = QJsonDocument::fromJson(text.toUtf8())
                                                                 .object();
                                 m_requests.append(request);
                                 QJsonObject reply{{QStringLiteral("id"), request.value(u"id")},
                                                   {QStringLiteral("ok"), true},
                                                   {QStringLiteral("result"), QJsonObject{}}};
                                 socket->sendTextMessage(QString::fromUtf8(
                                     QJsonDocument(reply).toJson(QJsonDocument::Compact)));
                             });
            QObject::connect(socket, &QWebSocket::disconnected, this, [this, socket] {
                m_sockets.removeAll(socket);
            });
        });
    }
    ~FakeWsServer() override
    {
        // Sockets die with this object; their disconnected() must not reach a dead list.
        for (QWebSocket *s : findChildren<QWebSocket *>())
            s->disconnect(this);
        m_server.disconnect(this);
        m_server.close();
    }
    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }
    void push(const QJsonObject &frame)
    {
        const QList<QWebSocket *> sockets = m_sockets;
        for (QWebSocket *s : sockets)
            s->sendTextMessage(
                QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
    }
    void cut()
    {
        // abort() emits disconnected() at once, whose handler edits m_sockets: iterate a copy.
        const QList<QWebSocket *> sockets = std::exchange(m_sockets, {});
        for (QWebSocket *s : sockets)
            s->abort();
    }
    QList<QJsonObject> subscribes() const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &r : m_requests)
            if (r.value(u"op").toString() == u"subscribe")
                out.append(r);
        return out;
    }
    int connections() const { return int(m_sockets.size()); }

private:
    QWebSocketServer m_server;
    QList<QWebSocket *> m_sockets;
    QList<QJsonObject> m_requests;
};

QJsonObject delta(qint64 version, const QString &seat, const QString &status)
{
    return {{QStringLiteral("type"), QStringLiteral("seatmap.delta")},
            {QStringLiteral("event_id"), QStringLiteral("ev1")},
            {QStringLiteral("version"), version},
            {QStringLiteral("changes"),
             QJsonArray{
                 QJsonObject{{QStringLiteral("id"), seat}, {QStringLiteral("status"), status}}}}};
}

PrintedOrder sampleOrder(const QString &code)
{
    PrintedOrder order;
    order.orderId = QStringLiteral("7f0c1b1e-0000-4000-8000-000000000001");
    order.eventTitle = QStringLiteral("Test show");
    order.venueName = QStringLiteral("Test hall");
    order.startsAt = QDateTime(QDate(2030, 6, 1), QTime(20, 0), Qt::UTC);
    order.currency = QStringLiteral("EUR");
    order.tickets.append(
        {QStringLiteral("t1"), code, QStringLiteral("Section 1 · Row 1 · Seat 3"), 5000});
    order.totalCents = 5000;
    order.method = QStringLiteral("cash");
    order.tenderedCents = 6000;
    order.changeCents = 1000;
    return order;
}

QString zbar(const QString &png)
{
    QProcess p;
    p.start(QStringLiteral("zbarimg"),
            {QStringLiteral("--raw"),
             QStringLiteral("-q"),
             QStringLiteral("-Sdisable"),
             QStringLiteral("-Sqrcode.enable"),
             png});
    if (!p.waitForFinished(20000))
        return QStringLiteral("<zbarimg timed out>");
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

} // namespace

class TestBoxOfficeOffline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-test"));
    }

    void qrCodeOnTicketDecodes_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("short") << QStringLiteral("TKT-1");
        // Ticket codes are signed tokens: long, with dots and URL-safe base64.
        QTest::newRow("signed token") << QStringLiteral(
            "eyJ0IjoiN2YwYzFiMWUtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAxIiwiZSI6ImV2"
            "MSIsInMiOiJTMS0xLTMifQ.q1w2e3r4t5y6u7i8o9p0-AbCdEfGhIjKlMnOpQrStUvWx");
    }
    void qrCodeOnTicketDecodes()
    {
        QFETCH(QString, code);
        QVERIFY(QrCode::moduleCount(code) >= 21);
        QTemporaryDir dir;
        const QImage page = TicketPrinter::ticketImage(sampleOrder(code), 0);
        const QString png = dir.filePath(QStringLiteral("ticket.png"));
        QVERIFY(page.save(png));
        QCOMPARE(zbar(png), code);
        // And the real printed document: a PDF with a ticket page and a receipt page.
        const QString pdf = dir.filePath(QStringLiteral("ticket.pdf"));
        QVERIFY(TicketPrinter::printPdf(pdf, sampleOrder(code)));
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page\r")
                     + bytes.count("/Type /Page "),
                 2);
    }

    void emptyCodeGivesNoQr()
    {
        QVERIFY(QrCode::encode(QString()).isNull());
        QCOMPARE(QrCode::moduleCount(QString()), 0);
    }

    void journalRowIsOnDiskBeforeDone()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("journal.sqlite"));
        qint64 id = 0;
        {
            Journal journal(path);
            JournalEntry entry;
            entry.kind = QStringLiteral("sale");
            entry.state = QStringLiteral("in_flight");
            entry.holdId = QStringLiteral("hold-1");
            entry.idempotencyKey = QStringLiteral("key-1");
            entry.amountCents = 8000;
            entry.payload = {{QStringLiteral("x"), 1}};
            journal.append(entry, [&id](qint64 rowId) { id = rowId; });
            QTRY_VERIFY(id > 0);
            // "Done" was reported: another connection (another process, after a crash) sees it.
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"),
                                                            QStringLiteral("reader"));
                db.setDatabaseName(path);
                QVERIFY(db.open());
                QSqlQuery q(db);
                QVERIFY(q.exec(
                    QStringLiteral("SELECT state, hold_id FROM journal WHERE id = %1").arg(id)));
                QVERIFY(q.next());
                QCOMPARE(q.value(0).toString(), QStringLiteral("in_flight"));
                QCOMPARE(q.value(1).toString(), QStringLiteral("hold-1"));
            }
            QSqlDatabase::removeDatabase(QStringLiteral("reader"));
        } // the app "crashes" here with the sale in flight
        Journal reopened(path);
        QList<JournalEntry> pending;
        bool loaded = false;
        reopened.inFlight([&](const QList<JournalEntry> &rows) {
            pending = rows;
            loaded = true;
        });
        QTRY_VERIFY(loaded);
        QCOMPARE(pending.size(), 1);
        QCOMPARE(pending.first().id, id);
        QCOMPARE(pending.first().idempotencyKey, QStringLiteral("key-1"));
        QCOMPARE(pending.first().amountCents, 8000);
        bool updated = false;
        reopened.update(id, QStringLiteral("done"), QStringLiteral("order-9"), {}, [&](bool ok) {
            updated = ok;
        });
        QTRY_VERIFY(updated);
        loaded = false;
        reopened.inFlight([&](const QList<JournalEntry> &rows) {
            pending = rows;
            loaded = true;
        });
        QTRY_VERIFY(loaded);
        QVERIFY(pending.isEmpty());
    }

    void shiftReportAddsUp()
    {
        auto cash = [](const QString &what, qint64 cents, const QString &shift = {}) {
            JournalEntry e;
            e.kind = QStringLiteral("cash");
            e.state = QStringLiteral("done");
            e.amountCents = cents;
            e.payload = {{QStringLiteral("what"), what}, {QStringLiteral("shift_id"), shift}};
            return e;
        };
        auto sale = [](const QString &method, qint64 cents) {
            JournalEntry e;
            e.kind = QStringLiteral("sale");
            e.state = QStringLiteral("done");
            e.amountCents = cents;
            e.payload = {
                {QStringLiteral("payment"), QJsonObject{{QStringLiteral("method"), method}}}};
            return e;
        };
        QList<JournalEntry> rows;
        rows << cash(QStringLiteral("float"), 99999, QStringLiteral("old")) // an earlier shift
             << sale(QStringLiteral("cash"), 777) << cash(QStringLiteral("sale"), 777);
        rows << cash(QStringLiteral("float"), 10000, QStringLiteral("s1"));
        rows << sale(QStringLiteral("cash"), 5000) << cash(QStringLiteral("sale"), 5000);
        rows << sale(QStringLiteral("card_present"), 3000);
        rows << sale(QStringLiteral("comp"), 0);
        rows << sale(QStringLiteral("cash"), 2500) << cash(QStringLiteral("sale"), 2500);
        rows << cash(QStringLiteral("refund"), 2000);
        rows << cash(QStringLiteral("count"), 15450, QStringLiteral("s1"));
        const ShiftReport report = ShiftReport::fromJournal(rows, QStringLiteral("s1"));
        QCOMPARE(report.floatCents, 10000);
        QCOMPARE(report.cashSalesCents, 7500);
        QCOMPARE(report.cardSalesCents, 3000);
        QCOMPARE(report.compCount, 1);
        QCOMPARE(report.sales, 4);
        QCOMPARE(report.refundsCashCents, 2000);
        QCOMPARE(report.expectedCashCents(), 15500);
        QVERIFY(report.countedCents.has_value());
        QCOMPARE(*report.varianceCents(), -50);
        QTemporaryDir dir;
        QImage image(600, 900, QImage::Format_RGB32);
        image.fill(Qt::white);
        QVERIFY(!report.lines().isEmpty());
        QCOMPARE(report.lines().last().second, formatMoney(-50, QStringLiteral("EUR")));
    }

    void checkoutShowsChangeAndRefusesTooLittle()
    {
        CheckoutDialog dialog(8500, QStringLiteral("EUR"), false);
        QSignalSpy confirmed(&dialog, &CheckoutDialog::confirmed);
        auto *tendered = dialog.findChild<QDoubleSpinBox *>(QStringLiteral("tendered"));
        QVERIFY(tendered);
        tendered->setValue(50.0);
        QVERIFY(dialog.changeText().contains(formatMoney(3500, QStringLiteral("EUR"))));
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(confirmed.size(), 0); // not enough money: Enter does nothing
        tendered->setValue(100.0);
        QCOMPARE(dialog.changeCents(), 1500);
        QVERIFY(dialog.changeText().contains(formatMoney(1500, QStringLiteral("EUR"))));
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(confirmed.size(), 1);
        const QJsonObject payment = confirmed.first().first().toJsonObject();
        QCOMPARE(payment.value(u"method").toString(), QStringLiteral("cash"));
        QCOMPARE(payment.value(u"tendered_cents").toInteger(), 10000);
        // A clerk may not comp.
        QVERIFY(!dialog.findChildren<QRadioButton *>().at(2)->isEnabled());
        dialog.showDone(QStringLiteral("order-1"), 1500);
        QVERIFY(dialog.changeText().contains(formatMoney(1500, QStringLiteral("EUR"))));
    }

    void cardNeedsReference()
    {
        CheckoutDialog dialog(1000, QStringLiteral("EUR"), true);
        QSignalSpy confirmed(&dialog, &CheckoutDialog::confirmed);
        dialog.setMethod(QStringLiteral("card_present"));
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(confirmed.size(), 0);
        dialog.setReference(QStringLiteral("TERM-4711"));
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(confirmed.size(), 1);
        QCOMPARE(confirmed.first().first().toJsonObject().value(u"reference").toString(),
                 QStringLiteral("TERM-4711"));
    }

    void wsSessionResumesWithSinceAfterCut()
    {
        FakeWsServer server;
        LiveSession session;
        session.setReconnectDelay(50);
        QSignalSpy deltas(&session, &LiveSession::seatmapDelta);
        QSignalSpy states(&session, &LiveSession::stateChanged);
        session.open(server.url(), QStringLiteral("tok"));
        session.subscribeSeatmap(QStringLiteral("ev1"), 5);
        QTRY_COMPARE(session.state(), LiveSession::State::Live);
        QTRY_COMPARE(server.subscribes().size(), 1);
        QCOMPARE(server.subscribes().first().value(u"since").toInteger(), 5);
        server.push(delta(6, QStringLiteral("A-1"), QStringLiteral("sold")));
        QTRY_COMPARE(deltas.size(), 1);
        QCOMPARE(session.version(QStringLiteral("ev1")), 6);

        server.cut();
        QTRY_COMPARE(session.state(), LiveSession::State::Reconnecting);
        QTRY_COMPARE(session.state(), LiveSession::State::Live);
        QTRY_COMPARE(server.subscribes().size(), 2);
        QCOMPARE(server.subscribes().at(1).value(u"since").toInteger(), 6);

        // A replayed old delta is ignored; a gap makes the client ask again from what it has.
        server.push(delta(6, QStringLiteral("A-1"), QStringLiteral("sold")));
        server.push(delta(9, QStringLiteral("A-2"), QStringLiteral("held")));
        QTRY_COMPARE(server.subscribes().size(), 3);
        QCOMPARE(server.subscribes().at(2).value(u"since").toInteger(), 6);
        QCOMPARE(deltas.size(), 1);
        server.push(delta(7, QStringLiteral("A-2"), QStringLiteral("held")));
        QTRY_COMPARE(deltas.size(), 2);
        QCOMPARE(session.version(QStringLiteral("ev1")), 7);
        session.close();
        QCOMPARE(session.state(), LiveSession::State::Disconnected);
    }

    void salePageAppliesDeltasAndShowsReconnecting()
    {
        FakeWsServer server;
        boxoffice::client::SalesClient client;
        LiveSession ws;
        ws.setReconnectDelay(50);
        SaleSession session(&client);
        SalePage page(&client, &ws, &session);
        page.resize(1100, 700);
        page.show();
        const QJsonObject
            event{{QStringLiteral("id"), QStringLiteral("ev1")},
                  {QStringLiteral("title"), QStringLiteral("Live test")},
                  {QStringLiteral("starts_at"), QStringLiteral("2030-06-01T20:00:00Z")},
                  {QStringLiteral("currency"), QStringLiteral("EUR")},
                  {QStringLiteral("categories"),
                   QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("A")},
                                          {QStringLiteral("name"), QStringLiteral("Front")},
                                          {QStringLiteral("price_cents"), 5000}},
                              QJsonObject{{QStringLiteral("id"), QStringLiteral("B")},
                                          {QStringLiteral("name"), QStringLiteral("Back")},
                                          {QStringLiteral("price_cents"), 3000}}}}};
        const QJsonObject venue = QJsonDocument::fromJson(
                                      boxoffice::test::venueJson(QStringLiteral("hall"), 2, 4, 8))
                                      .object();
        QJsonArray seats;
        for (int r = 1; r <= 4; ++r)
            for (int n = 1; n <= 8; ++n)
                seats.append(
                    QJsonObject{{QStringLiteral("id"), QStringLiteral("S1-%1-%2").arg(r).arg(n)},
                                {QStringLiteral("status"), QStringLiteral("available")}});
        ws.open(server.url(), QStringLiteral("tok"));
        QVERIFY(page.load(event,
                          venue,
                          {{QStringLiteral("version"), 5}, {QStringLiteral("seats"), seats}}));
        QTRY_VERIFY(page.connectionText().contains(QStringLiteral("Live")));
        QTRY_COMPARE(server.subscribes().size(), 1);
        QCOMPARE(server.subscribes().first().value(u"since").toInteger(), 5);

        server.push(delta(6, QStringLiteral("S1-2-3"), QStringLiteral("sold")));
        QTRY_COMPARE(session.status(QStringLiteral("S1-2-3")), QStringLiteral("sold"));

        server.cut();
        QTRY_VERIFY(page.connectionText().contains(QStringLiteral("Reconnecting")));
        const QString shots = qEnvironmentVariable("BOXOFFICE_BUILD_DIR", QDir::tempPath())
                              + QStringLiteral("/screenshots");
        QDir().mkpath(shots);
        QVERIFY(page.grab().save(shots + QStringLiteral("/07-reconnecting.png")));
        QTRY_VERIFY(page.connectionText().contains(QStringLiteral("Live")));
        QTRY_COMPARE(server.subscribes().size(), 2);
        QCOMPARE(server.subscribes().at(1).value(u"since").toInteger(), 6);
        server.push(delta(7, QStringLiteral("S1-2-4"), QStringLiteral("held")));
        QTRY_COMPARE(session.status(QStringLiteral("S1-2-4")), QStringLiteral("held"));
        ws.close();
    }

    void spanishInterface()
    {
        QVERIFY(boxoffice::core::installLanguage(QStringLiteral("boxoffice-app"),
                                                 QStringLiteral("es")));
        CheckoutDialog dialog(1000, QStringLiteral("EUR"), true);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Cobro"));
        QVERIFY(boxoffice::core::installLanguage(QStringLiteral("boxoffice-app"),
                                                 QStringLiteral("en")));
        CheckoutDialog english(1000, QStringLiteral("EUR"), true);
        QCOMPARE(english.windowTitle(), QStringLiteral("Checkout"));
    }
};

QTEST_MAIN(TestBoxOfficeOffline)
#include "tst_boxoffice_offline.moc"
