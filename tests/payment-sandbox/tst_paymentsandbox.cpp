// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxfixture.h"

#include <payments/webhookevent.h>
#include <payments/webhookverifier.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice::test;
using boxoffice::server::payments::WebhookEvent;
using boxoffice::server::payments::WebhookVerifier;

// The real payment-sandbox process against an in-test webhook receiver.
class TstPaymentSandbox : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<WebhookReceiver> m_receiver;
    SandboxProcess m_sandbox;

    QString stateFile() const { return m_dir.filePath(QStringLiteral("state.json")); }

    /// Arrivals of one event id, waiting up to `timeoutMs` for at least `count` of them.
    QList<WebhookArrival> arrivalsOf(const QString &eventId, int count, int timeoutMs = 3000)
    {
        auto matching = [&] {
            QList<WebhookArrival> found;
            for (const auto &arrival : std::as_const(m_receiver->arrivals)) {
                if (arrival.eventId == eventId)
                    found.append(arrival);
            }
            return found;
        };
        QElapsedTimer timer;
        timer.start();
        while (matching().size() < count && timer.elapsed() < timeoutMs)
            QTest::qWait(10);
        return matching();
    }

    /// Waits for the webhook about `intentId` and checks signature and schema.
    std::optional<WebhookEvent> webhookFor(const QString &intentId, const QString &type)
    {
        const WebhookVerifier verifier(SandboxProcess::kSecret);
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 3000) {
            for (const auto &arrival : std::as_const(m_receiver->arrivals)) {
                const auto event = WebhookEvent::parse(arrival.body);
                if (!event || event->intentId != intentId
                    || WebhookEvent::typeName(event->type) != type)
                    continue;
                if (verifier.verify(arrival.signature, arrival.body) != WebhookVerifier::Result::Ok)
                    return std::nullopt;
                return event;
            }
            QTest::qWait(10);
        }
        return std::nullopt;
    }

    QJsonObject eventLog(const QString &eventId)
    {
        const auto reply = m_sandbox.request("GET", QStringLiteral("/control/events"));
        for (const QJsonValue &value : reply.json.value(QStringLiteral("events")).toArray()) {
            if (value[QStringLiteral("id")].toString() == eventId)
                return value.toObject();
        }
        return {};
    }

    QString confirmAndGetEventId(const QString &card, const QString &type)
    {
        const QString id = m_sandbox.createIntent(1234);
        m_sandbox.post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(id),
                       {{QStringLiteral("card_number"), card}});
        const auto event = webhookFor(id, type);
        return event ? event->id : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_receiver = std::make_unique<WebhookReceiver>();
        QVERIFY(m_receiver->port() != 0);
        QVERIFY(m_sandbox.start(m_receiver->url(), stateFile()));
    }

    void init()
    {
        QVERIFY(m_sandbox.setMode(QStringLiteral("normal")));
        m_receiver->failNext = 0;
    }

    void cleanup() { QVERIFY(m_sandbox.isRunning()); }

    void createIntentIdempotency()
    {
        const QJsonObject body{{QStringLiteral("amount_cents"), 2500},
                               {QStringLiteral("currency"), QStringLiteral("EUR")},
                               {QStringLiteral("order_id"), QStringLiteral("order-idem")},
                               {QStringLiteral("metadata"), QJsonObject{{"seat", "A-1"}}}};
        const auto first = m_sandbox.post(QStringLiteral("/v1/payment_intents"), body, "key-1");
        QCOMPARE(first.status, 201);
        QVERIFY(first.json.value("id").toString().startsWith("pi_"));
        QVERIFY(!first.json.value("client_secret").toString().isEmpty());
        QCOMPARE(first.json.value("status").toString(), QStringLiteral("requires_confirmation"));
        QCOMPARE(first.json.value("amount_cents").toInteger(), 2500);
        QCOMPARE(first.json.value("order_id").toString(), QStringLiteral("order-idem"));

        const auto replay = m_sandbox.post(QStringLiteral("/v1/payment_intents"), body, "key-1");
        QCOMPARE(replay.status, 201);
        QCOMPARE(replay.body, first.body);

        QJsonObject other = body;
        other.insert(QStringLiteral("amount_cents"), 2501);
        const auto conflict = m_sandbox.post(QStringLiteral("/v1/payment_intents"), other, "key-1");
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.json["error"]["code"].toString(), QStringLiteral("idempotency_conflict"));

        const auto fresh = m_sandbox.post(QStringLiteral("/v1/payment_intents"), body, "key-2");
        QCOMPARE(fresh.status, 201);
        QVERIFY(fresh.json.value("id") != first.json.value("id"));

        const auto get = m_sandbox.request("GET",
                                           "/v1/payment_intents/" + first.json["id"].toString());
        QCOMPARE(get.status, 200);
        QCOMPARE(get.json.value("id"), first.json.value("id"));
    }

    void apiKeyRequired()
    {
        const auto reply = m_sandbox.request("POST",
                                             QStringLiteral("/v1/payment_intents"),
                                             R"({"amount_cents":1,"currency":"EUR","order_id":"o"})",
                                             {},
                                             false);
        QCOMPARE(reply.status, 401);
        const auto wrong = m_sandbox.request("GET",
                                             QStringLiteral("/v1/payment_intents/pi_x"),
                                             {},
                                             {{"Authorization", "Bearer nope"}},
                                             false);
        QCOMPARE(wrong.status, 401);
    }

    void confirmCards_data()
    {
        QTest::addColumn<QString>("card");
        QTest::addColumn<int>("httpStatus");
        QTest::addColumn<QString>("answerStatus");
        QTest::addColumn<QString>("eventType");
        QTest::addColumn<QString>("finalStatus");
        QTest::newRow("success") << "4242424242424242" << 200 << "succeeded"
                                 << "payment.succeeded"
                                 << "succeeded";
        QTest::newRow("spaces in number") << "4242 4242 4242 4242" << 200 << "succeeded"
                                          << "payment.succeeded"
                                          << "succeeded";
        QTest::newRow("decline") << "4000000000000002" << 402 << "failed"
                                 << "payment.failed"
                                 << "failed";
        QTest::newRow("slow") << "4000000000000259" << 200 << "processing"
                              << "payment.succeeded"
                              << "succeeded";
    }

    void confirmCards()
    {
        QFETCH(QString, card);
        QFETCH(int, httpStatus);
        QFETCH(QString, answerStatus);
        QFETCH(QString, eventType);
        QFETCH(QString, finalStatus);

        const QString id = m_sandbox.createIntent(4200, QStringLiteral("order-cards"));
        QVERIFY(!id.isEmpty());
        const auto reply = m_sandbox.post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(id),
                                          {{QStringLiteral("card_number"), card}});
        QCOMPARE(reply.status, httpStatus);
        const QJsonObject intent = reply.status == 402 ? reply.json["intent"].toObject()
                                                       : reply.json;
        QCOMPARE(intent["status"].toString(), answerStatus);
        if (httpStatus == 402)
            QCOMPARE(reply.json["error"]["code"].toString(), QStringLiteral("card_declined"));

        const auto event = webhookFor(id, eventType);
        QVERIFY2(event, "no verified webhook of the expected type arrived");
        QVERIFY(event->id.startsWith("evt_"));
        QCOMPARE(event->orderId, QStringLiteral("order-cards"));
        QCOMPARE(event->amountCents, 4200);
        QCOMPARE(event->currency, QStringLiteral("EUR"));

        const auto after = m_sandbox.request("GET", "/v1/payment_intents/" + id);
        QCOMPARE(after.json["status"].toString(), finalStatus);

        // A second confirm never charges twice.
        const auto again = m_sandbox.post(QStringLiteral("/v1/payment_intents/%1/confirm").arg(id),
                                          {{QStringLiteral("card_number"), card}});
        QCOMPARE(again.status, 409);
        QCOMPARE(again.json["error"]["code"].toString(), QStringLiteral("intent_unexpected_state"));
    }

    void confirmWithClientSecret()
    {
        const QString id = m_sandbox.createIntent(100);
        const auto intent = m_sandbox.request("GET", "/v1/payment_intents/" + id).json;
        const QByteArray wrong = R"({"card_number":"4242424242424242","client_secret":"nope"})";
        const QString path = "/v1/payment_intents/" + id + "/confirm";
        QCOMPARE(m_sandbox.request("POST", path, wrong, {}, false).status, 401);
        const QJsonObject right{{"card_number", "4242424242424242"},
                                {"client_secret", intent["client_secret"]}};
        const auto reply = m_sandbox.request("POST", path, QJsonDocument(right).toJson(), {}, false);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.json["status"].toString(), QStringLiteral("succeeded"));
    }

    void refunds()
    {
        const QString id = m_sandbox.createIntent(5000, QStringLiteral("order-refund"));
        m_sandbox.post("/v1/payment_intents/" + id + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QVERIFY(webhookFor(id, QStringLiteral("payment.succeeded")));

        const QJsonObject body{{"intent_id", id}, {"amount_cents", 2000}};
        const auto refund = m_sandbox.post(QStringLiteral("/v1/refunds"), body, "refund-1");
        QCOMPARE(refund.status, 201);
        QVERIFY(refund.json["id"].toString().startsWith("re_"));
        QCOMPARE(refund.json["status"].toString(), QStringLiteral("succeeded"));
        QCOMPARE(refund.json["amount_cents"].toInteger(), 2000);
        const auto replay = m_sandbox.post(QStringLiteral("/v1/refunds"), body, "refund-1");
        QCOMPARE(replay.body, refund.body);

        const auto event = webhookFor(id, QStringLiteral("refund.succeeded"));
        QVERIFY(event);
        QCOMPARE(event->amountCents, 2000);
        QCOMPARE(event->refundId, refund.json["id"].toString());
        QCOMPARE(event->orderId, QStringLiteral("order-refund"));

        // Only 3000 left; the replay above must not have refunded again.
        const auto tooMuch = m_sandbox.post(QStringLiteral("/v1/refunds"),
                                            {{"intent_id", id}, {"amount_cents", 3001}});
        QCOMPARE(tooMuch.status, 400);
        const auto rest = m_sandbox.post(QStringLiteral("/v1/refunds"), {{"intent_id", id}});
        QCOMPARE(rest.status, 201);
        QCOMPARE(rest.json["amount_cents"].toInteger(), 3000);
        const auto intent = m_sandbox.request("GET", "/v1/payment_intents/" + id);
        QCOMPARE(intent.json["amount_refunded_cents"].toInteger(), 5000);

        const QString unpaid = m_sandbox.createIntent(100);
        QCOMPARE(m_sandbox.post(QStringLiteral("/v1/refunds"), {{"intent_id", unpaid}}).status, 409);
        QCOMPARE(m_sandbox.post(QStringLiteral("/v1/refunds"), {{"intent_id", "pi_nope"}}).status,
                 404);
    }

    void retriesKeepIdAndBody()
    {
        m_receiver->failNext = 3;
        const QString eventId = confirmAndGetEventId("4242424242424242", "payment.succeeded");
        QVERIFY(!eventId.isEmpty());
        const auto arrivals = arrivalsOf(eventId, 4);
        QCOMPARE(arrivals.size(), 4);
        for (const auto &arrival : arrivals)
            QCOMPARE(arrival.body, arrivals.first().body);
        QTRY_COMPARE(eventLog(eventId)["status"].toString(), QStringLiteral("delivered"));
        QCOMPARE(eventLog(eventId)["attempts"].toInt(), 4);
    }

    void givesUpAfterMaxAttempts()
    {
        m_receiver->failNext = 1000;
        const QString id = m_sandbox.createIntent(100);
        m_sandbox.post("/v1/payment_intents/" + id + "/confirm",
                       {{"card_number", "4242424242424242"}});
        const auto event = webhookFor(id, QStringLiteral("payment.succeeded"));
        QVERIFY(event);
        const QString eventId = event->id;
        QTRY_COMPARE_WITH_TIMEOUT(eventLog(eventId)["status"].toString(),
                                  QStringLiteral("failed"),
                                  5000);
        QCOMPARE(eventLog(eventId)["attempts"].toInt(), 8);
        QCOMPARE(arrivalsOf(eventId, 8).size(), 8);

        // A manual redelivery after the receiver recovered gets through.
        m_receiver->failNext = 0;
        QCOMPARE(m_sandbox.request("POST", "/control/redeliver/" + eventId).status, 202);
        QTRY_COMPARE(eventLog(eventId)["status"].toString(), QStringLiteral("delivered"));
    }

    void duplicateMode()
    {
        QVERIFY(m_sandbox.setMode(QStringLiteral("duplicate")));
        const QString eventId = confirmAndGetEventId("4242424242424242", "payment.succeeded");
        QVERIFY(!eventId.isEmpty());
        const auto arrivals = arrivalsOf(eventId, 2);
        QCOMPARE(arrivals.size(), 2);
        QCOMPARE(arrivals[0].body, arrivals[1].body);
    }

    void reorderMode()
    {
        QVERIFY(m_sandbox.setMode(QStringLiteral("reorder")));
        const qsizetype before = m_receiver->arrivals.size();
        const QString first = m_sandbox.createIntent(100);
        const QString second = m_sandbox.createIntent(200);
        m_sandbox.post("/v1/payment_intents/" + first + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QTest::qWait(150);
        QCOMPARE(m_receiver->arrivals.size(), before); // held until its partner comes
        m_sandbox.post("/v1/payment_intents/" + second + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QTRY_COMPARE(m_receiver->arrivals.size(), before + 2);
        const auto a = WebhookEvent::parse(m_receiver->arrivals[before].body);
        const auto b = WebhookEvent::parse(m_receiver->arrivals[before + 1].body);
        QVERIFY(a && b);
        QCOMPARE(a->intentId, second);
        QCOMPARE(b->intentId, first);
    }

    void dropMode()
    {
        QVERIFY(m_sandbox.setMode(QStringLiteral("drop")));
        const QString id = m_sandbox.createIntent(100);
        const qsizetype before = m_receiver->arrivals.size();
        m_sandbox.post("/v1/payment_intents/" + id + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QTest::qWait(300);
        QCOMPARE(m_receiver->arrivals.size(), before);
        const auto events = m_sandbox.request("GET", QStringLiteral("/control/events"));
        const QJsonObject last = events.json["events"].toArray().last().toObject();
        QCOMPARE(last["status"].toString(), QStringLiteral("dropped"));
        QCOMPARE(last["type"].toString(), QStringLiteral("payment.succeeded"));
        QCOMPARE(m_sandbox.request("POST", "/control/redeliver/" + last["id"].toString()).status,
                 202);
        QVERIFY(webhookFor(id, QStringLiteral("payment.succeeded")));
    }

    void delayMode()
    {
        QVERIFY(m_sandbox.setMode(QStringLiteral("delay"), 600));
        const QString id = m_sandbox.createIntent(100);
        const qint64 sentAt = QDateTime::currentMSecsSinceEpoch();
        m_sandbox.post("/v1/payment_intents/" + id + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QVERIFY(webhookFor(id, QStringLiteral("payment.succeeded")));
        const qint64 arrivedAt = m_receiver->arrivals.last().receivedAtMs;
        QVERIFY2(arrivedAt - sentAt >= 550, qPrintable(QString::number(arrivedAt - sentAt)));
    }

    void failNextRequests()
    {
        QCOMPARE(m_sandbox.post(QStringLiteral("/control/fail_next_requests"), {{"count", 2}}).status,
                 200);
        QCOMPARE(m_sandbox.request("GET", QStringLiteral("/v1/payment_intents/x")).status, 500);
        QCOMPARE(m_sandbox.request("GET", QStringLiteral("/v1/payment_intents/x")).status, 500);
        QCOMPARE(m_sandbox.request("GET", QStringLiteral("/v1/payment_intents/x")).status, 404);
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        const QString intents = QStringLiteral("/v1/payment_intents");
        QTest::newRow("not json") << QByteArray("POST") << intents << QByteArray("{nope") << 400;
        QTest::newRow("empty body") << QByteArray("POST") << intents << QByteArray() << 400;
        QTest::newRow("array") << QByteArray("POST") << intents << QByteArray("[1]") << 400;
        QTest::newRow("amount string")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":"1","currency":"EUR","order_id":"o"})") << 400;
        QTest::newRow("amount zero")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":0,"currency":"EUR","order_id":"o"})") << 400;
        QTest::newRow("amount fraction")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":1.5,"currency":"EUR","order_id":"o"})") << 400;
        QTest::newRow("amount huge")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":1e300,"currency":"EUR","order_id":"o"})") << 400;
        QTest::newRow("currency lower")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":1,"currency":"eur","order_id":"o"})") << 400;
        QTest::newRow("no order") << QByteArray("POST") << intents
                                  << QByteArray(R"({"amount_cents":1,"currency":"EUR"})") << 400;
        QTest::newRow("metadata number")
            << QByteArray("POST") << intents
            << QByteArray(R"({"amount_cents":1,"currency":"EUR","order_id":"o","metadata":3})")
            << 400;
        QTest::newRow("too large")
            << QByteArray("POST") << intents
            << QByteArray("{\"x\":\"" + QByteArray(70000, 'a') + "\"}") << 413;
        QTest::newRow("unknown intent")
            << QByteArray("GET") << intents + "/pi_unknown" << QByteArray() << 404;
        QTest::newRow("confirm unknown")
            << QByteArray("POST") << intents + "/pi_unknown/confirm"
            << QByteArray(R"({"card_number":"4242424242424242"})") << 404;
        QTest::newRow("refund id number") << QByteArray("POST") << QStringLiteral("/v1/refunds")
                                          << QByteArray(R"({"intent_id":5})") << 400;
        QTest::newRow("refund negative")
            << QByteArray("POST") << QStringLiteral("/v1/refunds")
            << QByteArray(R"({"intent_id":"pi_1","amount_cents":-5})") << 400;
        QTest::newRow("unknown refund")
            << QByteArray("GET") << QStringLiteral("/v1/refunds/re_x") << QByteArray() << 404;
        QTest::newRow("unknown mode")
            << QByteArray("POST") << QStringLiteral("/control/delivery_mode")
            << QByteArray(R"({"mode":"chaos"})") << 400;
        QTest::newRow("delay without ms")
            << QByteArray("POST") << QStringLiteral("/control/delivery_mode")
            << QByteArray(R"({"mode":"delay"})") << 400;
        QTest::newRow("fail count text")
            << QByteArray("POST") << QStringLiteral("/control/fail_next_requests")
            << QByteArray(R"({"count":"many"})") << 400;
        QTest::newRow("redeliver unknown")
            << QByteArray("POST") << QStringLiteral("/control/redeliver/evt_nope") << QByteArray()
            << 404;
        QTest::newRow("unknown route")
            << QByteArray("GET") << QStringLiteral("/v2/whatever") << QByteArray() << 404;
    }

    void badInput()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        const auto reply = m_sandbox.request(method, path, body);
        QCOMPARE(reply.status, status);
        if (status == 400)
            QVERIFY(!reply.json["error"]["code"].toString().isEmpty());
        QCOMPARE(m_sandbox.request("GET", QStringLiteral("/healthz")).status, 200);
    }

    void badConfirmInput()
    {
        const QString id = m_sandbox.createIntent(100);
        const QString path = "/v1/payment_intents/" + id + "/confirm";
        for (const char *body : {R"({"card_number":"abc"})",
                                 R"({"card_number":"4242424242424241"})",
                                 R"({"card_number":4242424242424242})",
                                 R"({})"}) {
            const auto reply = m_sandbox.request("POST", path, body);
            QCOMPARE(reply.status, 400);
        }
        // Bad attempts left the intent confirmable.
        QCOMPARE(m_sandbox.request("GET", "/v1/payment_intents/" + id).json["status"].toString(),
                 QStringLiteral("requires_confirmation"));
        const auto key = m_sandbox.request("POST",
                                           QStringLiteral("/v1/payment_intents"),
                                           R"({"amount_cents":1,"currency":"EUR","order_id":"o"})",
                                           {{"Idempotency-Key", QByteArray(300, 'k')}});
        QCOMPARE(key.status, 400);
    }

    void clientsHangingUpMidConfirmDoNotHurt()
    {
        // The timeout card's confirm answers only after --hang-ms (1.5 s here). Callers that hang
        // up before that (closed, or reset) must not crash the sandbox when the late answer is
        // due; a caller that waits still gets its 504.
        const QByteArray timeoutCard = "4000000000009995";
        auto rawConfirm = [&](const QString &intentId) {
            auto socket = std::make_unique<QTcpSocket>();
            socket->connectToHost(m_sandbox.baseUrl().host(), quint16(m_sandbox.baseUrl().port()));
            if (!socket->waitForConnected(3000))
                return std::unique_ptr<QTcpSocket>();
            const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("card_number"),
                                                               QString::fromLatin1(timeoutCard)}})
                                        .toJson(QJsonDocument::Compact);
            socket->write("POST /v1/payment_intents/" + intentId.toLatin1()
                          + "/confirm HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer "
                          + SandboxProcess::kApiKey + "\r\nContent-Type: application/json\r\n"
                          + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n"
                          + body);
            socket->waitForBytesWritten(3000);
            return socket;
        };
        QList<QString> intents;
        for (int i = 0; i < 4; ++i) {
            intents.append(m_sandbox.createIntent(100 + i, QStringLiteral("order-hangup")));
            QVERIFY(!intents.last().isEmpty());
        }
        // Closed at once, closed after the request reached the sandbox, and reset (RST).
        auto closedAtOnce = rawConfirm(intents.at(0));
        QVERIFY(closedAtOnce);
        closedAtOnce->close();
        auto closedLater = rawConfirm(intents.at(1));
        QVERIFY(closedLater);
        auto reset = rawConfirm(intents.at(2));
        QVERIFY(reset);
        QTest::qWait(200);
        closedLater->disconnectFromHost();
        reset->abort();
        const auto patient = m_sandbox.post("/v1/payment_intents/" + intents.at(3) + "/confirm",
                                            {{"card_number", QString::fromLatin1(timeoutCard)}});
        QCOMPARE(patient.status, 504);
        QCOMPARE(patient.json["error"]["code"].toString(), QStringLiteral("timeout"));
        QTest::qWait(300); // past every hung-up caller's due time
        QVERIFY(m_sandbox.isRunning());
        QCOMPARE(m_sandbox.request("GET", QStringLiteral("/healthz")).status, 200);
        // A request closed at once may be dropped unread (then nothing was paid); if it was
        // read, it was paid. The others surely reached the sandbox and went ahead.
        const QString firstStatus = m_sandbox.request("GET", "/v1/payment_intents/" + intents.at(0))
                                        .json["status"]
                                        .toString();
        QVERIFY2(firstStatus == QLatin1String("requires_confirmation")
                     || webhookFor(intents.at(0), QStringLiteral("payment.succeeded")),
                 qPrintable(firstStatus));
        for (const QString &id : intents.mid(1)) {
            QVERIFY(webhookFor(id, QStringLiteral("payment.succeeded")));
            QCOMPARE(m_sandbox.request("GET", "/v1/payment_intents/" + id).json["status"].toString(),
                     QStringLiteral("succeeded"));
        }
    }

    void stateSurvivesRestart()
    {
        const QString id = m_sandbox.createIntent(777, QStringLiteral("order-persist"));
        m_sandbox.post("/v1/payment_intents/" + id + "/confirm",
                       {{"card_number", "4242424242424242"}});
        QVERIFY(webhookFor(id, QStringLiteral("payment.succeeded")));
        const QString slow = m_sandbox.createIntent(888, QStringLiteral("order-slow"));
        m_sandbox.post("/v1/payment_intents/" + slow + "/confirm",
                       {{"card_number", "4000000000000259"}});

        // Stopped while the slow payment is processing: after the restart it still completes.
        m_sandbox.stop();
        QVERIFY(m_sandbox.start(m_receiver->url(), stateFile()));
        const auto intent = m_sandbox.request("GET", "/v1/payment_intents/" + id);
        QCOMPARE(intent.status, 200);
        QCOMPARE(intent.json["status"].toString(), QStringLiteral("succeeded"));
        QCOMPARE(intent.json["order_id"].toString(), QStringLiteral("order-persist"));
        QVERIFY(webhookFor(slow, QStringLiteral("payment.succeeded")));
        QCOMPARE(m_sandbox.request("GET", "/v1/payment_intents/" + slow).json["status"].toString(),
                 QStringLiteral("succeeded"));
    }

    void cleanupTestCase() { m_sandbox.stop(); }
};

QTEST_GUILESS_MAIN(TstPaymentSandbox)
#include "tst_paymentsandbox.moc"
