// SPDX-License-Identifier: GPL-3.0-or-later
// db's request fingerprints: the bytes the idempotency store hashes for each typed request are
// those the domain built as JSON before (compact, members in name order, optional members only
// when given), so keys stored before still replay and a different request is still refused.
#include "db/requestfingerprintcodec.h"

#include <QTest>

using namespace boxoffice::server::db;

Q_DECLARE_METATYPE(RequestFingerprint)

namespace {

// JSON written with ' for " (moc 6.4 loses its way in raw string literals).
QByteArray quoted(QByteArray json)
{
    return json.replace('\'', '"');
}

PaymentTender tender(const QString &method, qint64 tendered, const QString &reference)
{
    PaymentTender payment;
    payment.method = method;
    payment.tenderedCents = tendered;
    payment.reference = reference;
    return payment;
}

} // namespace

class TestRequestFingerprintCodec : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theBytesStoredKeysHashed_data()
    {
        QTest::addColumn<RequestFingerprint>("request");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("hold, seats")
            << RequestFingerprint(HoldFingerprint{u"e1"_qs, {u"A-1"_qs, u"A-2"_qs}})
            << quoted("{'event_id':'e1','seats':['A-1','A-2']}");
        QTest::newRow("hold, best available with a code")
            << RequestFingerprint(HoldFingerprint{.eventId = u"e1"_qs,
                                                  .section = u"stalls"_qs,
                                                  .quantity = 2,
                                                  .voucher = u"FRIENDS"_qs})
            << quoted("{'event_id':'e1','quantity':2,'section':'stalls','voucher':'FRIENDS'}");
        QTest::newRow("hold, ga for an allocation")
            << RequestFingerprint(HoldFingerprint{.eventId = u"e1"_qs,
                                                  .ga = u"floor"_qs,
                                                  .quantity = 4,
                                                  .allocation = u"press"_qs})
            << quoted("{'allocation':'press','event_id':'e1','ga':'floor','quantity':4}");
        QTest::newRow("order") << RequestFingerprint(OrderFingerprint{u"h1"_qs, {}})
                               << quoted("{'hold_id':'h1'}");
        QTest::newRow("order with a return address")
            << RequestFingerprint(OrderFingerprint{u"h1"_qs, u"https://shop.example/back"_qs})
            << quoted("{'hold_id':'h1','return_url':'https://shop.example/back'}");
        QTest::newRow("counter sale, cash")
            << RequestFingerprint(CounterSaleFingerprint{u"h1"_qs,
                                                         tender(u"cash"_qs, 5000, {}),
                                                         u"fan@example.org"_qs,
                                                         u"es"_qs})
            << quoted("{'email':'fan@example.org','hold_id':'h1','locale':'es',"
                      "'method':'cash','reference':'','tendered_cents':5000}");
        PaymentTender split = tender(u"split"_qs, 0, {});
        split.parts = {{u"cash"_qs, 1000, 2000, {}}, {u"card_present"_qs, 1500, 0, u"T-9"_qs}};
        QTest::newRow("counter sale, split")
            << RequestFingerprint(CounterSaleFingerprint{u"h1"_qs, split, {}, {}})
            << quoted("{'email':'','hold_id':'h1','locale':'','method':'split',"
                      "'payment':{'method':'split','parts':["
                      "{'amount_cents':1000,'method':'cash','tendered_cents':2000},"
                      "{'amount_cents':1500,'method':'card_present','reference':'T-9'}]},"
                      "'reference':'','tendered_cents':0}");
        QTest::newRow("refund, whole order")
            << RequestFingerprint(RefundFingerprint{u"o1"_qs, std::nullopt})
            << quoted("{'order_id':'o1'}");
        QTest::newRow("refund, some tickets")
            << RequestFingerprint(RefundFingerprint{u"o1"_qs, QStringList{u"t2"_qs, u"t1"_qs}})
            << quoted("{'order_id':'o1','ticket_ids':['t2','t1']}");
        QTest::newRow("exchange for a seat, nothing paid")
            << RequestFingerprint(ExchangeFingerprint{u"o1"_qs, u"t1"_qs, u"B-5"_qs, {}, {}})
            << quoted("{'order_id':'o1','payment':{},'seat_id':'B-5','ticket_id':'t1'}");
        QTest::newRow("exchange for ga, card")
            << RequestFingerprint(ExchangeFingerprint{u"o1"_qs,
                                                      u"t1"_qs,
                                                      {},
                                                      u"floor"_qs,
                                                      tender(u"card_present"_qs, 0, u"R1"_qs)})
            << quoted("{'ga_id':'floor','order_id':'o1',"
                      "'payment':{'method':'card_present','reference':'R1'},"
                      "'seat_id':'','ticket_id':'t1'}");
        QTest::newRow("mail again")
            << RequestFingerprint(MailAgainFingerprint{u"o1"_qs, u"fan@example.org"_qs, u"en"_qs})
            << quoted("{'email':'fan@example.org','locale':'en','order_id':'o1'}");
    }

    void theBytesStoredKeysHashed()
    {
        QFETCH(RequestFingerprint, request);
        QFETCH(QByteArray, bytes);
        QCOMPARE(requestFingerprintBytes(request), bytes);
    }

    // A retry that asks something else must not hash the same.
    void differentRequestsDiffer()
    {
        QVERIFY(requestFingerprintBytes(RefundFingerprint{u"o1"_qs, std::nullopt})
                != requestFingerprintBytes(RefundFingerprint{u"o1"_qs, QStringList{}}));
        QVERIFY(requestFingerprintBytes(HoldFingerprint{u"e1"_qs, {u"A-1"_qs}})
                != requestFingerprintBytes(HoldFingerprint{u"e1"_qs, {u"A-2"_qs}}));
    }
};

QTEST_GUILESS_MAIN(TestRequestFingerprintCodec)
#include "tst_requestfingerprintcodec.moc"
