// SPDX-License-Identifier: GPL-3.0-or-later
#include "apptestsetup.h"
#include "checkout/splittenderpage.h"
#include "checkoutfixture.h"
#include "willcall/exchangedialog.h"

#include <client/salesclient.h>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::app;
using namespace boxoffice::test;

// Issue 32 item 7 in the clerk's exchange dialog, against a real server: a balcony seat
// (30.00) becomes a standing place in the Pista (50.00), the 20.00 paid part in cash and part
// on the card terminal; then the standing place goes back to a balcony seat, 20.00 given back
// split. Real widgets, the real server's answers, screenshots of each step.
class TestExchangeGaGui : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_eventId;
    QString m_shiftId;
    QTemporaryDir m_dir;
    QString m_screenshots;
    const QByteArray m_clerk = testToken(QStringLiteral("xg-gui-clerk"), QStringLiteral("clerk"));
    boxoffice::client::SalesClient m_client;

    HttpClient http() const { return m_checkout.client(); }
    void shoot(QWidget *widget, const QString &name)
    {
        QVERIFY(widget->grab().save(m_screenshots + u'/' + name + u".png"));
    }
    QJsonObject order(const QString &id)
    {
        return http().get("/orders/" + id.toUtf8(), m_clerk).json();
    }
    qint64 shiftFigure(const char *method, const char *what)
    {
        return http()
            .get("/shifts/" + m_shiftId.toLatin1() + "/report", m_clerk)
            .json()
            .value(u"by_method")
            .toObject()
            .value(QLatin1String(method))
            .toObject()
            .value(QLatin1String(what))
            .toInteger();
    }
    /// Opens the dialog for the order's one valid ticket and waits for its places.
    std::unique_ptr<ExchangeDialog> openDialog(const QJsonObject &shown)
    {
        QJsonObject ticket;
        for (const QJsonValue &t : shown.value(u"tickets").toArray())
            if (t.toObject().value(u"status").toString() == u"valid")
                ticket = t.toObject();
        auto dialog = std::make_unique<ExchangeDialog>(&m_client, shown, ticket, nullptr);
        dialog->show();
        if (!QTest::qWaitForWindowExposed(dialog.get())
            || !QTest::qWaitFor([&] { return dialog->isReady(); }, 10000))
            return nullptr;
        return dialog;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_screenshots = setUpAppTest(QStringLiteral("tst_boxoffice_exchangega"), m_dir);
        QVERIFY(m_checkout.start());
        const QByteArray manager = testToken(QStringLiteral("xg-gui-boss"),
                                             QStringLiteral("manager"));
        // Section 1 Front (A, 50.00), section 2 Back (B, 30.00), the Pista (A) for 40.
        const SeededEvent seeded = SeededEvent::create(http(),
                                                       manager,
                                                       QStringLiteral("xg-gui"),
                                                       EventShape::seatsAndGa(3, 4, 40, 2));
        QVERIFY2(seeded.ok(), seeded.error().constData());
        m_eventId = seeded.eventId;
        const auto shift = http().post("/shifts",
                                       QJsonObject{{QStringLiteral("float_cents"), 10000}},
                                       m_clerk);
        QCOMPARE(shift.status, 201);
        m_shiftId = shift.json().value(u"shift_id").toString();
        m_client.setBaseUrl(
            QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_checkout.server->port())));
        m_client.setAccessToken(QString::fromLatin1(m_clerk));
    }

    void seatToStandingAndBackSplit()
    {
        const QString holdId = m_checkout.hold(m_eventId, {QStringLiteral("S2-1-1")}, m_clerk);
        QVERIFY(!holdId.isEmpty());
        const auto sold = http().post("/orders",
                                      QJsonObject{{QStringLiteral("hold_id"), holdId},
                                                  {QStringLiteral("payment"),
                                                   QJsonObject{{QStringLiteral("method"),
                                                                QStringLiteral("cash")},
                                                               {QStringLiteral("tendered_cents"),
                                                                3000}}}},
                                      m_clerk);
        QCOMPARE(sold.status, 201);
        const QString orderId = sold.json().value(u"order_id").toString();

        // 1. The seat becomes a standing place: the Pista is offered first, 20.00 to pay.
        auto dialog = openDialog(order(orderId));
        QVERIFY(dialog);
        auto *places = dialog->findChild<QComboBox *>(QStringLiteral("exchangeSeat"));
        QVERIFY2(places->itemText(0).contains(u"Pista"), qPrintable(places->itemText(0)));
        QVERIFY(dialog->chooseGa(QStringLiteral("PISTA")));
        QCOMPARE(dialog->differenceCents(), 2000);
        auto *split = dialog->findChild<QRadioButton *>(QStringLiteral("exchangeSplit"));
        QVERIFY(split->isEnabled());
        QTest::mouseClick(split, Qt::LeftButton, {}, QPoint(10, split->height() / 2));
        QVERIFY(dialog->splitPage()->isVisible());
        QCOMPARE(dialog->splitPage()->cashCents() + dialog->splitPage()->cardCents(), 2000);
        dialog->splitPage()->setCashPart(500);
        dialog->splitPage()->setTendered(1000);
        auto *confirm = dialog->findChild<QPushButton *>(QStringLiteral("confirmExchange"));
        QVERIFY(!confirm->isEnabled()); // no terminal reference yet
        QTest::keyClicks(dialog->splitPage()->referenceField(), QStringLiteral("TERM-31"));
        QVERIFY(confirm->isEnabled());
        shoot(dialog.get(), QStringLiteral("40-exchange-seat-to-ga-split"));
        const qint64 cashSales = shiftFigure("cash", "sales_cents");
        const qint64 cardSales = shiftFigure("card_present", "sales_cents");
        QSignalSpy exchanged(dialog.get(), &ExchangeDialog::exchanged);
        QTest::keyClick(dialog.get(), Qt::Key_Return);
        QVERIFY(exchanged.wait(10000));
        QVERIFY2(dialog->statusText().contains(QStringLiteral("5.00")),
                 qPrintable(dialog->statusText())); // the change of the cash part
        shoot(dialog.get(), QStringLiteral("41-exchange-seat-to-ga-done"));
        QJsonObject after = order(orderId);
        QCOMPARE(after.value(u"amount_cents").toInteger(), 5000);
        QCOMPARE(shiftFigure("cash", "sales_cents") - cashSales, 500);
        QCOMPARE(shiftFigure("card_present", "sales_cents") - cardSales, 1500);
        dialog.reset();

        // 2. The standing place back to a seat of the balcony: 20.00 given back, split.
        dialog = openDialog(after);
        QVERIFY(dialog);
        const QString from = dialog->findChild<QLabel *>(QStringLiteral("exchangeFrom"))->text();
        QVERIFY2(from.contains(u"PISTA"), qPrintable(from));
        QVERIFY(!dialog->chooseGa(QStringLiteral("PISTA"))); // its own zone is not offered
        QVERIFY(dialog->chooseSeat(QStringLiteral("S2-3-4")));
        QCOMPARE(dialog->differenceCents(), -2000);
        dialog->setMethod(QStringLiteral("split"));
        dialog->splitPage()->setCashPart(1200);
        dialog->splitPage()->setReference(QStringLiteral("TERM-32"));
        shoot(dialog.get(), QStringLiteral("42-exchange-ga-to-seat-give-back-split"));
        const qint64 cashRefunds = shiftFigure("cash", "refunds_cents");
        const qint64 cardRefunds = shiftFigure("card_present", "refunds_cents");
        QSignalSpy back(dialog.get(), &ExchangeDialog::exchanged);
        QTest::keyClick(dialog.get(), Qt::Key_Return);
        QVERIFY(back.wait(10000));
        shoot(dialog.get(), QStringLiteral("43-exchange-ga-to-seat-done"));
        after = order(orderId);
        QCOMPARE(after.value(u"amount_cents").toInteger(), 3000);
        QCOMPARE(shiftFigure("cash", "refunds_cents") - cashRefunds, 1200);
        QCOMPARE(shiftFigure("card_present", "refunds_cents") - cardRefunds, 800);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_MAIN(TestExchangeGaGui)
#include "tst_boxoffice_exchangega.moc"
