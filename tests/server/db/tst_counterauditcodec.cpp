// SPDX-License-Identifier: GPL-3.0-or-later
// db's counter audit codec: each typed record the domain gives becomes the audit row (action,
// subject, details) the counter wrote as JSON before it had typed records, member for member;
// GET /audit shows `details` as the line's `after` (db/auditrepository reads it back as a map).
#include "db/counterauditcodec.h"

#include <QJsonDocument>
#include <QTest>

using namespace boxoffice::server;
using namespace boxoffice::server::domain::events;

Q_DECLARE_METATYPE(CounterAuditRecord)

namespace {

// JSON written with ' for " (moc 6.4 loses its way in raw string literals).
QJsonObject object(QByteArray json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json.replace('\'', '"'), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad JSON in the test: %s", json.constData());
    return document.object();
}

db::PaymentTender cash(qint64 tendered)
{
    db::PaymentTender payment;
    payment.method = QStringLiteral("cash");
    payment.tenderedCents = tendered;
    return payment;
}

db::PaymentTender split()
{
    db::PaymentTender payment;
    payment.method = QStringLiteral("split");
    payment.parts = {{u"cash"_qs, 1000, 2000, {}}, {u"card_present"_qs, 1500, 0, u"T-9"_qs}};
    return payment;
}

} // namespace

class TestCounterAuditCodec : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eachRecordIsItsRow_data()
    {
        QTest::addColumn<CounterAuditRecord>("record");
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("subject");
        QTest::addColumn<QByteArray>("details");

        QTest::newRow("sale in cash")
            << CounterAuditRecord(CounterSold{u"clerk1"_qs, u"o1"_qs, cash(5000), 4500, u"s1"_qs})
            << u"sale"_qs << u"o1"_qs
            << QByteArray("{'method':'cash','payment':{'method':'cash','tendered_cents':5000},"
                          "'amount_cents':4500,'shift_id':'s1','reference':''}");
        QTest::newRow("sale split")
            << CounterAuditRecord(CounterSold{u"clerk1"_qs, u"o1"_qs, split(), 2500, u"s1"_qs})
            << u"sale"_qs << u"o1"_qs
            << QByteArray("{'method':'split','payment':{'method':'split','parts':["
                          "{'method':'cash','amount_cents':1000,'tendered_cents':2000},"
                          "{'method':'card_present','amount_cents':1500,'reference':'T-9'}]},"
                          "'amount_cents':2500,'shift_id':'s1','reference':''}");
        QTest::newRow("refund")
            << CounterAuditRecord(CounterRefunded{
                   u"clerk1"_qs, u"o1"_qs, u"card"_qs, 3000, {u"t1"_qs, u"t2"_qs}, true, {}})
            << u"refund"_qs << u"o1"_qs
            << QByteArray("{'method':'card','amount_cents':3000,'ticket_ids':['t1','t2'],"
                          "'whole':true,'shift_id':''}");
        QTest::newRow("exchange paid in cash")
            << CounterAuditRecord(CounterExchanged{u"clerk1"_qs,
                                                   u"o1"_qs,
                                                   u"t1"_qs,
                                                   u"t2"_qs,
                                                   u"A-1"_qs,
                                                   {},
                                                   {},
                                                   u"floor"_qs,
                                                   500,
                                                   cash(1000),
                                                   u"s1"_qs})
            << u"exchange"_qs << u"o1"_qs
            << QByteArray("{'old_ticket_id':'t1','new_ticket_id':'t2','from_seat':'A-1',"
                          "'to_seat':'','from_ga':'','to_ga':'floor','difference_cents':500,"
                          "'payment':{'method':'cash','tendered_cents':1000},'shift_id':'s1'}");
        QTest::newRow("exchange, nothing to pay")
            << CounterAuditRecord(CounterExchanged{.clerk = u"clerk1"_qs,
                                                   .orderId = u"o1"_qs,
                                                   .oldTicketId = u"t1"_qs,
                                                   .newTicketId = u"t2"_qs,
                                                   .fromSeat = u"A-1"_qs,
                                                   .toSeat = u"A-2"_qs})
            << u"exchange"_qs << u"o1"_qs
            << QByteArray("{'old_ticket_id':'t1','new_ticket_id':'t2','from_seat':'A-1',"
                          "'to_seat':'A-2','from_ga':'','to_ga':'','difference_cents':0,"
                          "'payment':{},'shift_id':''}");
        QTest::newRow("reissue") << CounterAuditRecord(
            TicketReissued{u"clerk1"_qs, u"t1"_qs, u"o1"_qs, 3})
                                 << u"reissue"_qs << u"t1"_qs
                                 << QByteArray("{'version':3,'order_id':'o1'}");
        QTest::newRow("print") << CounterAuditRecord(
            TicketsPrinted{u"clerk1"_qs, u"o1"_qs, {u"t1"_qs}, u"front"_qs, u"s1"_qs})
                               << u"tickets.print"_qs << u"o1"_qs
                               << QByteArray(
                                      "{'ticket_ids':['t1'],'printer':'front','shift_id':'s1'}");
        QTest::newRow("mail") << CounterAuditRecord(TicketsMailed{
            u"clerk1"_qs, u"o1"_qs, u"fan@example.org"_qs, u"es"_qs, 42, u"<m1@box>"_qs, {}})
                              << u"tickets.mail"_qs << u"o1"_qs
                              << QByteArray("{'to':'fan@example.org','locale':'es','mail_id':42,"
                                            "'message_id':'<m1@box>','shift_id':''}");
        QTest::newRow("shift open")
            << CounterAuditRecord(ShiftOpened{u"clerk1"_qs, u"s1"_qs, 10000, u"till 2"_qs})
            << u"shift.open"_qs << u"s1"_qs
            << QByteArray("{'float_cents':10000,'drawer':'till 2'}");
        QTest::newRow("shift close")
            << CounterAuditRecord(ShiftClosed{u"clerk1"_qs, u"s1"_qs, 14950, -50})
            << u"shift.close"_qs << u"s1"_qs
            << QByteArray("{'counted_cents':14950,'variance_cents':-50}");
    }

    void eachRecordIsItsRow()
    {
        QFETCH(CounterAuditRecord, record);
        QFETCH(QString, action);
        QFETCH(QString, subject);
        QFETCH(QByteArray, details);
        const db::CounterAuditRow row = db::counterAuditRow(record);
        QCOMPARE(row.actor, u"clerk1"_qs);
        QCOMPARE(row.action, action);
        QCOMPARE(row.subject, subject);
        QCOMPARE(row.details, object(details));
        // What GET /audit reads back: the stored text as a map (db::AuditRepository::list).
        const QVariantMap after
            = QJsonDocument::fromJson(QJsonDocument(row.details).toJson()).object().toVariantMap();
        QCOMPARE(after, object(details).toVariantMap());
    }
};

QTEST_GUILESS_MAIN(TestCounterAuditCodec)
#include "tst_counterauditcodec.moc"
