// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/queuecodec.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QTest>

using namespace boxoffice::server;
using domain::QueuePlace;
using domain::WaitingPlace;

// The join's hot path writes its answer as text; polls and the WebSocket build the object.
// Both must say the same thing, and the admitted and expired answers keep their members.
class TestQueueCodec : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void textIsTheObject_data()
    {
        QTest::addColumn<QString>("queueId");
        QTest::addColumn<QString>("eventId");
        QTest::addColumn<qint64>("ahead");
        QTest::addColumn<qint64>("eta");
        QTest::addColumn<int>("retryAfter");
        QTest::addColumn<QString>("opensAt");
        QTest::newRow("front") << "7d0e5c1e-8b0a-4c41-9d3e-2f6f1b0c9a11"
                               << "0b5f7a52-3c8e-4d7a-8f51-6a1d2e3c4b5f" << qint64(0) << qint64(1)
                               << 1 << QString();
        QTest::newRow("far back") << "q"
                                  << "e" << qint64(1999999) << qint64(123456789) << 30 << QString();
        QTest::newRow("before on-sale")
            << "q-1"
            << "e-1" << qint64(41) << qint64(3600) << 30 << "2031-05-01T18:00:00Z";
        QTest::newRow("quotes and backslashes")
            << "a\"b\\c"
            << "e/1" << qint64(2) << qint64(3) << 1 << QString();
        QTest::newRow("control characters")
            << QStringLiteral("tab\there\nnl\x01") << QStringLiteral("\r\b\f\x1f") << qint64(5)
            << qint64(6) << 2 << QString();
        QTest::newRow("non-ASCII") << QStringLiteral("plätz") << QStringLiteral("évènement 🎫")
                                   << qint64(7) << qint64(8) << 3 << QStringLiteral("ünd");
    }
    void textIsTheObject()
    {
        QFETCH(QString, queueId);
        QFETCH(QString, eventId);
        QFETCH(qint64, ahead);
        QFETCH(qint64, eta);
        QFETCH(int, retryAfter);
        QFETCH(QString, opensAt);
        const WaitingPlace place{queueId, eventId, ahead + 1, ahead, eta, retryAfter, opensAt};
        const QByteArray text = api::waitingPlaceText(place);
        QJsonParseError error{};
        const QJsonDocument parsed = QJsonDocument::fromJson(text, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(parsed.object(), api::waitingPlaceJson(place));
        // Byte for byte what QJsonDocument writes, so clients see no difference at all.
        QCOMPARE(text, QJsonDocument(api::waitingPlaceJson(place)).toJson(QJsonDocument::Compact));
    }

    void fields()
    {
        const WaitingPlace place{QStringLiteral("q"), QStringLiteral("e"), 3, 2, 90, 22, {}};
        const QJsonObject json = api::waitingPlaceJson(place);
        QCOMPARE(json.value(u"state").toString(), QStringLiteral("waiting"));
        QCOMPARE(json.value(u"position").toInteger(), 3);
        QCOMPARE(json.value(u"ahead").toInteger(), 2);
        QCOMPARE(json.value(u"eta_seconds").toInteger(), 90);
        QCOMPARE(json.value(u"retry_after").toInt(), 22);
        QVERIFY(json.value(u"opens_at").isNull());
        QCOMPARE(json.size(), 8);
        QueuePlace waiting;
        waiting.waiting = place;
        QCOMPARE(api::queuePlaceJson(waiting), json);
    }

    void admitted()
    {
        QueuePlace place;
        place.state = QueuePlace::State::Admitted;
        place.queueId = QStringLiteral("q");
        place.eventId = QStringLiteral("e");
        place.admissionToken = "a.b.c";
        place.admissionExpires = QDateTime::fromSecsSinceEpoch(1900000000, Qt::UTC);
        const QJsonObject json = api::queuePlaceJson(place);
        QCOMPARE(QJsonDocument(json).toJson(QJsonDocument::Compact),
                 QByteArray("{\"admission_expires_at\":\"2030-03-17T17:46:40.000Z\","
                            "\"admission_token\":\"a.b.c\",\"ahead\":0,\"eta_seconds\":0,"
                            "\"event_id\":\"e\",\"position\":0,\"queue_id\":\"q\","
                            "\"retry_after\":0,\"state\":\"admitted\"}"));
    }

    void expired()
    {
        QueuePlace place;
        place.state = QueuePlace::State::Expired;
        place.queueId = QStringLiteral("q");
        place.eventId = QStringLiteral("e");
        QCOMPARE(QJsonDocument(api::queuePlaceJson(place)).toJson(QJsonDocument::Compact),
                 QByteArray("{\"ahead\":null,\"eta_seconds\":null,\"event_id\":\"e\","
                            "\"position\":null,\"queue_id\":\"q\",\"retry_after\":null,"
                            "\"state\":\"expired\"}"));
    }
};

QTEST_GUILESS_MAIN(TestQueueCodec)
#include "tst_queuecodec.moc"
