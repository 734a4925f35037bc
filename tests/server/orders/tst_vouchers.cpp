// SPDX-License-Identifier: GPL-3.0-or-later
// Vouchers and promo codes (issue 28 item 2) against real PostgreSQL and the payment sandbox:
// bad vouchers refused with nothing written; a code's kinds, scope, window and limits; 500
// fans racing for a code with 200 uses (exactly 200 orders carry it); a refund giving a use
// back; an order that fails after the code was counted leaves no use behind.
#include "checkoutfixture.h"

using namespace boxoffice::test;

class TestVouchers : public QObject
{
    Q_OBJECT
private:
    Checkout m_checkout;
    QString m_event;
    QString m_otherEvent;
    int m_row = 0;
    QByteArray m_manager = testToken(QStringLiteral("voucher-manager"), QStringLiteral("manager"));
    QByteArray m_clerk = testToken(QStringLiteral("voucher-clerk"), QStringLiteral("clerk"));
    QByteArray m_fan = testToken(QStringLiteral("voucher-fan"), QStringLiteral("fan"));

    QStringList seats(int count)
    {
        ++m_row;
        QStringList out;
        for (int n = 1; n <= count; ++n)
            out.append(QStringLiteral("S1-%1-%2").arg(m_row).arg(n));
        return out;
    }
    HttpResponse send(const QByteArray &method,
                      const QByteArray &path,
                      const QJsonObject &body,
                      const QByteArray &token,
                      std::optional<int> ifMatch = std::nullopt)
    {
        QList<QPair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"}};
        if (ifMatch)
            headers.append({"If-Match", '"' + QByteArray::number(*ifMatch) + '"'});
        return m_checkout.client().send(
            HttpClient::request(method,
                                path,
                                QJsonDocument(body).toJson(QJsonDocument::Compact),
                                token,
                                headers));
    }
    HttpResponse createVoucher(QJsonObject voucher)
    {
        if (!voucher.contains(u"events"))
            voucher.insert(u"events", QJsonArray{m_event});
        return send("POST", "/vouchers", voucher, m_manager);
    }
    HttpResponse enter(const QString &holdId, const QString &code, const QByteArray &token)
    {
        return send("PUT",
                    "/holds/" + holdId.toLatin1() + "/voucher",
                    QJsonObject{{QStringLiteral("code"), code}},
                    token);
    }
    HttpResponse pick(const QString &holdId, const QJsonObject &types, const QByteArray &token)
    {
        return send("PUT",
                    "/holds/" + holdId.toLatin1() + "/types",
                    QJsonObject{{QStringLiteral("types"), types}},
                    token);
    }
    HttpResponse sellCash(const QString &holdId)
    {
        return m_checkout.client()
            .post("/orders",
                  QJsonObject{{QStringLiteral("hold_id"), holdId},
                              {QStringLiteral("payment"),
                               QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                           {QStringLiteral("tendered_cents"), 100000}}}},
                  m_clerk);
    }
    qint64 uses(const char *code)
    {
        return m_checkout.scalar(std::string("SELECT count(*) FROM orders WHERE voucher = '") + code
                                 + "' AND status IN ('pending', 'paid')");
    }
    void exec(const std::string &sql)
    {
        pqxx::connection connection{m_checkout.server->databaseUrl()};
        pqxx::nontransaction work{connection};
        work.exec(sql);
    }
    // A fan's hold of `count` seats with `code` entered; its quote.
    QJsonObject heldWithCode(const QByteArray &fan, int count, const QString &code, QString *holdId)
    {
        *holdId = m_checkout.hold(m_event, seats(count), fan);
        const auto entered = enter(*holdId, code, fan);
        return entered.status == 200 ? entered.json() : QJsonObject{{"status", entered.status}};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_checkout.start());
        // 180 rows of 4 seats at 50.00 (category A); tickets types on top, no fees, no tax.
        m_event = m_checkout.createEvent(QStringLiteral("vouchers"), 180, 4, 0, 300, 10, 3);
        m_otherEvent = m_checkout.createEvent(QStringLiteral("vouchers-2"), 2, 4, 0, 300);
        QVERIFY(!m_event.isEmpty() && !m_otherEvent.isEmpty());
        const int version = m_checkout.client()
                                .get("/events/" + m_event.toLatin1() + "/pricing")
                                .json()
                                .value(u"version")
                                .toInt();
        const QJsonObject rules{
            {QStringLiteral("ticket_types"),
             QJsonArray{QJsonObject{{"id", "adult"}, {"name", "Adult"}, {"delta_cents", 0}},
                        QJsonObject{{"id", "child"}, {"name", "Child"}, {"delta_cents", -2000}}}}};
        QCOMPARE(send("PUT", "/events/" + m_event.toLatin1() + "/pricing", rules, m_manager, version)
                     .status,
                 200);
        QCOMPARE(m_checkout.client()
                     .post("/shifts", QJsonObject{{QStringLiteral("float_cents"), 10000}}, m_clerk)
                     .status,
                 201);
    }

    void badVouchersAreRefusedAndNothingIsWritten()
    {
        QCOMPARE(createVoucher({{"code", "Taken1"}, {"kind", "amount_off"}, {"value_cents", 500}})
                     .status,
                 201);
        const qint64 vouchers = m_checkout.scalar("SELECT count(*) FROM vouchers");
        const qint64 audit = m_checkout.scalar("SELECT count(*) FROM audit");
        const auto refused =
            [&](QJsonObject voucher, int status, const char *code, const char *field) {
                const auto answer = createVoucher(voucher);
                QCOMPARE(answer.status, status);
                QCOMPARE(answer.code(), QLatin1String(code));
                if (field)
                    QCOMPARE(answer.json().value(u"field").toString(), QLatin1String(field));
            };
        refused({{"code", "Neg1"}, {"kind", "amount_off"}, {"value_cents", -1}},
                422,
                "invalid_field",
                "value_cents");
        refused({{"code", "Big1"}, {"kind", "percent_off"}, {"percent", 150}},
                422,
                "invalid_field",
                "percent");
        refused({{"code", "Zero1"}, {"kind", "percent_off"}, {"percent", 0}},
                422,
                "invalid_field",
                "percent");
        // Another event's code, in another case: codes are case-insensitive.
        refused({{"code", "TAKEN1"},
                 {"events", QJsonArray{m_otherEvent}},
                 {"kind", "amount_off"},
                 {"value_cents", 100}},
                409,
                "voucher_code_taken",
                "code");
        refused({{"code", "Ghost1"},
                 {"events", QJsonArray{"7d1c7f0a-0000-4000-8000-000000000000"}},
                 {"kind", "amount_off"},
                 {"value_cents", 100}},
                422,
                "invalid_field",
                "events[0]");
        refused({{"code", "Cat1"},
                 {"categories", QJsonArray{"Z"}},
                 {"kind", "amount_off"},
                 {"value_cents", 100}},
                422,
                "invalid_field",
                "categories[0]");
        refused({{"code", "Late1"},
                 {"kind", "amount_off"},
                 {"value_cents", 100},
                 {"valid_from", "2027-01-02T00:00:00Z"},
                 {"valid_until", "2027-01-01T00:00:00Z"}},
                422,
                "invalid_field",
                "valid_until");
        refused({{"code", "x"}, {"kind", "amount_off"}, {"value_cents", 100}},
                422,
                "invalid_field",
                "code");
        refused({{"code", "Kind1"}, {"kind", "free"}}, 422, "invalid_field", "kind");
        refused({{"code", "Type1"}, {"kind", "amount_off"}, {"value_cents", "5"}},
                400,
                "bad_request",
                "value_cents");
        QCOMPARE(send("POST",
                      "/vouchers",
                      {{"code", "Fan1"},
                       {"events", QJsonArray{m_event}},
                       {"kind", "amount_off"},
                       {"value_cents", 1}},
                      m_fan)
                     .status,
                 403);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM vouchers"), vouchers);
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM audit"), audit);
    }

    void codesLowerThePricesTheyCover()
    {
        QCOMPARE(createVoucher({{"code", "Half"}, {"kind", "percent_off"}, {"percent", 50}}).status,
                 201);
        QCOMPARE(createVoucher({{"code", "Kids10"},
                                {"kind", "fixed_price"},
                                {"value_cents", 1000},
                                {"ticket_types", QJsonArray{"child"}}})
                     .status,
                 201);
        const QStringList held = seats(2);
        const QString holdId = m_checkout.hold(m_event, held, m_fan);
        // Any case finds the code; 50 % off two adults at 50.00.
        QJsonObject quote = enter(holdId, QStringLiteral("hALF"), m_fan).json();
        QCOMPARE(quote.value(u"total_cents").toInteger(), 5000);
        QCOMPARE(quote.value(u"discount_cents").toInteger(), 5000);
        QCOMPARE(quote.value(u"voucher").toString(), QStringLiteral("Half"));
        QCOMPARE(quote.value(u"lines").toArray().at(0).toObject().value(u"discount_cents").toInt(),
                 2500);
        // A child's fixed price: only the seat typed child is covered.
        const auto kids = enter(holdId, QStringLiteral("kids10"), m_fan);
        QCOMPARE(kids.status, 422);
        QCOMPARE(kids.code(), QStringLiteral("voucher_not_applicable"));
        // The refusal kept nothing: the hold still has Half.
        QCOMPARE(m_checkout.client()
                     .get("/holds/" + holdId.toLatin1() + "/quote", m_fan)
                     .json()
                     .value(u"voucher")
                     .toString(),
                 QStringLiteral("Half"));
        QCOMPARE(pick(holdId, {{held[0], QStringLiteral("child")}}, m_fan).status, 200);
        quote = enter(holdId, QStringLiteral("KIDS10"), m_fan).json();
        QCOMPARE(quote.value(u"total_cents").toInteger(), 1000 + 5000);
        QCOMPARE(quote.value(u"discount_cents").toInteger(), 2000);
        // Taken off again: the listed prices.
        const auto cleared = send("DELETE", "/holds/" + holdId.toLatin1() + "/voucher", {}, m_fan);
        QCOMPARE(cleared.status, 200);
        QCOMPARE(cleared.json().value(u"total_cents").toInteger(), 3000 + 5000);
        QVERIFY(cleared.json().value(u"voucher").isNull());
        // Another fan's hold is not found.
        QCOMPARE(enter(holdId, QStringLiteral("Half"), m_clerk).status, 404);
        QCOMPARE(m_checkout.client().del("/holds/" + holdId.toLatin1(), m_fan).status, 204);
    }

    void unknownExpiredAndForeignCodesSayWhy()
    {
        QCOMPARE(createVoucher({{"code", "Gone1"},
                                {"kind", "amount_off"},
                                {"value_cents", 100},
                                {"valid_until", "2020-01-01T00:00:00Z"}})
                     .status,
                 201);
        QCOMPARE(createVoucher({{"code", "Soon1"},
                                {"kind", "amount_off"},
                                {"value_cents", 100},
                                {"valid_from", "2099-01-01T00:00:00Z"}})
                     .status,
                 201);
        QCOMPARE(createVoucher({{"code", "Elsewhere"},
                                {"events", QJsonArray{m_otherEvent}},
                                {"kind", "amount_off"},
                                {"value_cents", 100}})
                     .status,
                 201);
        QCOMPARE(createVoucher({{"code", "Off1"},
                                {"kind", "amount_off"},
                                {"value_cents", 100},
                                {"disabled", true}})
                     .status,
                 201);
        const QString holdId = m_checkout.hold(m_event, seats(1), m_fan);
        const auto code = [&](const char *text) {
            return enter(holdId, QLatin1String(text), m_fan).code();
        };
        QCOMPARE(code("NOSUCH"), QStringLiteral("voucher_unknown"));
        QCOMPARE(code("no such!"), QStringLiteral("voucher_unknown"));
        QCOMPARE(code("Off1"), QStringLiteral("voucher_unknown"));
        QCOMPARE(code("gone1"), QStringLiteral("voucher_expired"));
        QCOMPARE(code("soon1"), QStringLiteral("voucher_expired"));
        QCOMPARE(code("elsewhere"), QStringLiteral("voucher_not_applicable"));
        QCOMPARE(m_checkout.scalar("SELECT count(*) FROM hold_vouchers WHERE hold_id = '"
                                   + holdId.toStdString() + "'"),
                 0);
        QCOMPARE(m_checkout.client().del("/holds/" + holdId.toLatin1(), m_fan).status, 204);
    }

    void lastUsesGoToExactlyThatManyBuyers()
    {
        // 500 fans, one seat each, all with a code of 200 uses, order at once.
        QCOMPARE(createVoucher({{"code", "Rush200"},
                                {"kind", "amount_off"},
                                {"value_cents", 1000},
                                {"max_uses", 200}})
                     .status,
                 201);
        QList<HttpRequest> requests;
        for (int i = 0; i < 500; ++i) {
            const QByteArray fan = testToken(QStringLiteral("rush-%1").arg(i),
                                             QStringLiteral("fan"));
            const QString holdId
                = m_checkout.hold(m_event,
                                  {QStringLiteral("S1-%1-%2").arg(50 + i / 4).arg(1 + i % 4)},
                                  fan);
            QVERIFY2(!holdId.isEmpty(), qPrintable(QString::number(i)));
            QCOMPARE(enter(holdId, QStringLiteral("rush200"), fan).status, 200);
            requests.append(
                HttpClient::request("POST",
                                    "/orders",
                                    QJsonDocument(QJsonObject{{QStringLiteral("hold_id"), holdId}})
                                        .toJson(QJsonDocument::Compact),
                                    fan,
                                    {{"Content-Type", "application/json"}}));
        }
        int created = 0, usedUp = 0;
        QList<HttpRequest> again;
        QList<HttpResponse> answers = m_checkout.client().concurrently(requests, 120000);
        for (int round = 0; round < 3; ++round) {
            for (qsizetype i = 0; i < answers.size(); ++i) {
                const HttpResponse &answer = answers[i];
                if (answer.status == 201)
                    ++created;
                else if (answer.status == 422 && answer.code() == u"voucher_used_up")
                    ++usedUp;
                else if (answer.status == 503) // busy: the fan tries again
                    again.append(requests[i]);
                else
                    QFAIL(qPrintable(QStringLiteral("unexpected %1 %2")
                                         .arg(answer.status)
                                         .arg(QString::fromUtf8(answer.body))));
            }
            if (again.isEmpty())
                break;
            requests = std::exchange(again, {});
            answers = m_checkout.client().concurrently(requests, 120000);
        }
        QCOMPARE(created, 200);
        QCOMPARE(usedUp, 300);
        QCOMPARE(uses("rush200"), 200);
        const auto listed = m_checkout.client().get("/vouchers/RUSH200", m_manager);
        QCOMPARE(listed.json().value(u"uses").toInt(), 200);
    }

    void aFanUsesACodeAsOftenAsItAllowsAndARefundGivesAUseBack()
    {
        QCOMPARE(createVoucher({{"code", "Once"},
                                {"kind", "amount_off"},
                                {"value_cents", 500},
                                {"max_per_fan", 1},
                                {"max_uses", 1}})
                     .status,
                 201);
        QString first;
        QCOMPARE(heldWithCode(m_fan, 1, QStringLiteral("once"), &first)
                     .value(u"total_cents")
                     .toInteger(),
                 4500);
        const QJsonObject order = m_checkout.order(first, m_fan).json();
        QCOMPARE(order.value(u"amount_cents").toInteger(), 4500);
        m_checkout.confirm(order.value(u"payment").toObject().value(u"intent_id").toString(),
                           QStringLiteral("4242424242424242"));
        const QString orderId = order.value(u"order_id").toString();
        QCOMPARE(m_checkout.waitOrder(orderId, m_fan, QStringLiteral("paid"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("paid"));
        // The same fan again: used as often as it allows.
        QString second;
        QCOMPARE(heldWithCode(m_fan, 1, QStringLiteral("ONCE"), &second).value(u"status").toInt(),
                 422);
        const auto again = enter(second, QStringLiteral("once"), m_fan);
        QCOMPARE(again.code(), QStringLiteral("voucher_used_up"));
        // Refunded, the order gives its use back.
        QCOMPARE(m_checkout.client()
                     .post("/orders/" + orderId.toLatin1() + "/refund", QJsonObject{}, m_clerk)
                     .status,
                 200);
        QCOMPARE(m_checkout.waitOrder(orderId, m_fan, QStringLiteral("refunded"))
                     .value(u"status")
                     .toString(),
                 QStringLiteral("refunded"));
        QCOMPARE(enter(second, QStringLiteral("once"), m_fan).status, 200);
        // A used code cannot be deleted; a manager switches it off instead.
        const auto deleted = send("DELETE", "/vouchers/Once", {}, m_manager);
        QCOMPARE(deleted.status, 409);
        QCOMPARE(deleted.code(), QStringLiteral("invalid_state"));
    }

    void theCounterSellsAChildTicketWithACode()
    {
        QCOMPARE(createVoucher({{"code", "School"},
                                {"kind", "amount_off"},
                                {"value_cents", 500},
                                {"max_per_fan", 1}})
                     .status,
                 201);
        const QStringList held = seats(2);
        const QString holdId = m_checkout.hold(m_event, held, m_clerk);
        QCOMPARE(pick(holdId, {{held[0], QStringLiteral("child")}}, m_clerk).status, 200);
        QCOMPARE(enter(holdId, QStringLiteral("school"), m_clerk)
                     .json()
                     .value(u"total_cents")
                     .toInteger(),
                 2500 + 4500);
        const auto sold = sellCash(holdId);
        QCOMPARE(sold.status, 201);
        QCOMPARE(sold.json().value(u"amount_cents").toInteger(), 7000);
        // At the counter the limit per fan does not apply (the buyer is not signed in).
        const QString next = m_checkout.hold(m_event, seats(1), m_clerk);
        QCOMPARE(enter(next, QStringLiteral("school"), m_clerk).status, 200);
        QCOMPARE(sellCash(next).status, 201);
        QCOMPARE(uses("school"), 2);
        QCOMPARE(m_checkout.scalar("SELECT sum(discount_cents) FROM order_lines l JOIN orders o"
                                   " ON o.id = l.order_id WHERE o.voucher = 'school'"),
                 1500);
    }

    void anOrderThatFailsAfterItsCodeWasCountedLeavesNoUse()
    {
        QCOMPARE(createVoucher({{"code", "Last1"},
                                {"kind", "amount_off"},
                                {"value_cents", 100},
                                {"max_uses", 1}})
                     .status,
                 201);
        QString holdId;
        QCOMPARE(heldWithCode(m_fan, 1, QStringLiteral("last1"), &holdId)
                     .value(u"total_cents")
                     .toInteger(),
                 4900);
        exec("CREATE FUNCTION voucher_fault() RETURNS trigger LANGUAGE plpgsql AS $$"
             " BEGIN RAISE EXCEPTION 'injected fault'; END $$;"
             " CREATE TRIGGER voucher_fault BEFORE INSERT ON order_lines"
             " FOR EACH STATEMENT EXECUTE FUNCTION voucher_fault()");
        const auto failed = m_checkout.order(holdId, m_fan);
        exec("DROP TRIGGER voucher_fault ON order_lines; DROP FUNCTION voucher_fault()");
        QCOMPARE(failed.status, 503);
        QCOMPARE(uses("last1"), 0);
        // The one use is still there for the same hold.
        const auto made = m_checkout.order(holdId, m_fan);
        QCOMPARE(made.status, 201);
        QCOMPARE(made.json().value(u"amount_cents").toInteger(), 4900);
        QCOMPARE(uses("last1"), 1);
        QCOMPARE(saleViolations(m_checkout.server->databaseUrl()), QString());
    }
};

QTEST_GUILESS_MAIN(TestVouchers)
#include "tst_vouchers.moc"
