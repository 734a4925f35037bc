// SPDX-License-Identifier: GPL-3.0-or-later
#include "api/problem.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace boxoffice::server;
using namespace boxoffice::server::domain;

Q_DECLARE_METATYPE(boxoffice::server::domain::ErrorDetails)

class TestErrorCode : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tableMatchesApi_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("status");
        QTest::newRow("bad_request") << int(ErrorCode::BadRequest) << "bad_request" << 400;
        QTest::newRow("unauthenticated")
            << int(ErrorCode::Unauthenticated) << "unauthenticated" << 401;
        QTest::newRow("forbidden") << int(ErrorCode::Forbidden) << "forbidden" << 403;
        QTest::newRow("admission_required")
            << int(ErrorCode::AdmissionRequired) << "admission_required" << 403;
        QTest::newRow("not_found") << int(ErrorCode::NotFound) << "not_found" << 404;
        QTest::newRow("method_not_allowed")
            << int(ErrorCode::MethodNotAllowed) << "method_not_allowed" << 405;
        QTest::newRow("email_taken") << int(ErrorCode::EmailTaken) << "email_taken" << 409;
        QTest::newRow("weak_password") << int(ErrorCode::WeakPassword) << "weak_password" << 422;
        QTest::newRow("invalid_return_url")
            << int(ErrorCode::InvalidReturnUrl) << "invalid_return_url" << 400;
        QTest::newRow("seat_unavailable")
            << int(ErrorCode::SeatUnavailable) << "seat_unavailable" << 409;
        QTest::newRow("hold_expired") << int(ErrorCode::HoldExpired) << "hold_expired" << 409;
        QTest::newRow("idempotency_conflict")
            << int(ErrorCode::IdempotencyConflict) << "idempotency_conflict" << 409;
        QTest::newRow("version_conflict")
            << int(ErrorCode::VersionConflict) << "version_conflict" << 409;
        QTest::newRow("payload_too_large")
            << int(ErrorCode::PayloadTooLarge) << "payload_too_large" << 413;
        QTest::newRow("limit_exceeded") << int(ErrorCode::LimitExceeded) << "limit_exceeded" << 422;
        QTest::newRow("insufficient_capacity")
            << int(ErrorCode::InsufficientCapacity) << "insufficient_capacity" << 422;
        QTest::newRow("not_on_sale") << int(ErrorCode::NotOnSale) << "not_on_sale" << 409;
        QTest::newRow("payment_attempts_exceeded")
            << int(ErrorCode::PaymentAttemptsExceeded) << "payment_attempts_exceeded" << 409;
        QTest::newRow("rate_limited") << int(ErrorCode::RateLimited) << "rate_limited" << 429;
        QTest::newRow("invalid_field") << int(ErrorCode::InvalidField) << "invalid_field" << 422;
        QTest::newRow("precondition_required")
            << int(ErrorCode::PreconditionRequired) << "precondition_required" << 428;
        QTest::newRow("precondition_failed")
            << int(ErrorCode::PreconditionFailed) << "precondition_failed" << 412;
        QTest::newRow("sale_paused") << int(ErrorCode::SalePaused) << "sale_paused" << 409;
        QTest::newRow("event_cancelled")
            << int(ErrorCode::EventCancelled) << "event_cancelled" << 409;
        QTest::newRow("off_sale") << int(ErrorCode::OffSale) << "off_sale" << 409;
        QTest::newRow("event_has_sales")
            << int(ErrorCode::EventHasSales) << "event_has_sales" << 422;
        QTest::newRow("category_in_use")
            << int(ErrorCode::CategoryInUse) << "category_in_use" << 422;
        QTest::newRow("username_taken") << int(ErrorCode::UsernameTaken) << "username_taken" << 409;
        QTest::newRow("account_disabled")
            << int(ErrorCode::AccountDisabled) << "account_disabled" << 403;
        QTest::newRow("allocation_not_for_sale")
            << int(ErrorCode::AllocationNotForSale) << "allocation_not_for_sale" << 409;
        QTest::newRow("transfer_wrong_recipient")
            << int(ErrorCode::TransferWrongRecipient) << "transfer_wrong_recipient" << 403;
        QTest::newRow("transfer_withdrawn")
            << int(ErrorCode::TransferWithdrawn) << "transfer_withdrawn" << 410;
        QTest::newRow("wrong_password") << int(ErrorCode::WrongPassword) << "wrong_password" << 403;
        QTest::newRow("account_has_tickets")
            << int(ErrorCode::AccountHasTickets) << "account_has_tickets" << 409;
        QTest::newRow("account_busy") << int(ErrorCode::AccountBusy) << "account_busy" << 409;
        QTest::newRow("unavailable") << int(ErrorCode::Unavailable) << "unavailable" << 503;
    }
    void tableMatchesApi()
    {
        QFETCH(int, code);
        QFETCH(QString, name);
        QFETCH(int, status);
        QCOMPARE(errorCodeName(ErrorCode(code)), name);
        QCOMPARE(errorStatus(ErrorCode(code)), status);
    }

    // The problem objects byte for byte as API.md and the clients read them (the members of the
    // old `extra` object, now typed ErrorDetails).
    void problemJsonIsExact_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<ErrorDetails>("details");
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("no detail")
            << int(ErrorCode::NotFound) << QString() << ErrorDetails{}
            << QByteArray(R"({"code":"not_found","status":404,"title":"Not found",)"
                          R"("type":"about:blank"})");
        QTest::newRow("seats") << int(ErrorCode::SeatUnavailable)
                               << QStringLiteral("1 of 2 seats are taken")
                               << ErrorDetails{.seats = {QStringLiteral("A-1")}}
                               << QByteArray(
                                      R"({"code":"seat_unavailable","detail":"1 of 2 seats are taken",)"
                                      R"("seats":["A-1"],"status":409,"title":"Seat unavailable",)"
                                      R"("type":"about:blank"})");
        QTest::newRow("limit") << int(ErrorCode::LimitExceeded) << QStringLiteral("at most 4 seats")
                               << ErrorDetails{.limit = 4,
                                               .current = 3,
                                               .limitName = QStringLiteral("max_seats_per_user")}
                               << QByteArray(
                                      R"({"code":"limit_exceeded","current":3,"detail":"at most 4 seats",)"
                                      R"("limit":4,"limit_name":"max_seats_per_user","status":422,)"
                                      R"("title":"Limit exceeded","type":"about:blank"})");
        QTest::newRow("retry_after")
            << int(ErrorCode::RateLimited) << QStringLiteral("slow down")
            << ErrorDetails{.retryAfterSeconds = 2}
            << QByteArray(R"({"code":"rate_limited","detail":"slow down","retry_after":2,)"
                          R"("status":429,"title":"Rate limited","type":"about:blank"})");
        QTest::newRow("on_sale_at")
            << int(ErrorCode::NotOnSale) << QStringLiteral("not yet")
            << ErrorDetails{.onSaleAt = QStringLiteral("2026-12-02T10:00:00Z")}
            << QByteArray(R"({"code":"not_on_sale","detail":"not yet",)"
                          R"("on_sale_at":"2026-12-02T10:00:00Z","status":409,)"
                          R"("title":"Not on sale yet","type":"about:blank"})");
        QTest::newRow("tickets, first_used_at")
            << int(ErrorCode::TicketUsed) << QStringLiteral("used")
            << ErrorDetails{.tickets = {QStringLiteral("t1"), QStringLiteral("t2")},
                            .firstUsedAt = QStringLiteral("2026-12-01T20:00:00Z")}
            << QByteArray(R"({"code":"ticket_used","detail":"used",)"
                          R"("first_used_at":"2026-12-01T20:00:00Z","status":409,)"
                          R"("tickets":["t1","t2"],"title":"Ticket used","type":"about:blank"})");
        QTest::newRow("used_at") << int(ErrorCode::TicketUsed) << QStringLiteral("scanned")
                                 << ErrorDetails{.usedAt = QStringLiteral("2026-12-01T20:00:00Z")}
                                 << QByteArray(
                                        R"({"code":"ticket_used","detail":"scanned","status":409,)"
                                        R"("title":"Ticket used","type":"about:blank",)"
                                        R"("used_at":"2026-12-01T20:00:00Z"})");
        QTest::newRow("drawer")
            << int(ErrorCode::DrawerInUse) << QStringLiteral("in use")
            << ErrorDetails{.drawer = QStringLiteral("D1"),
                            .clerk = QStringLiteral("ana"),
                            .shiftId = QStringLiteral("s-1"),
                            .openedAt = QStringLiteral("2026-12-02T08:00:00Z")}
            << QByteArray(R"({"clerk":"ana","code":"drawer_in_use","detail":"in use",)"
                          R"("drawer":"D1","opened_at":"2026-12-02T08:00:00Z","shift_id":"s-1",)"
                          R"("status":409,"title":"Drawer in use","type":"about:blank"})");
        QTest::newRow("empty but set text is sent")
            << int(ErrorCode::DrawerInUse) << QStringLiteral("in use")
            << ErrorDetails{.drawer = QStringLiteral("")}
            << QByteArray(R"({"code":"drawer_in_use","detail":"in use","drawer":"",)"
                          R"("status":409,"title":"Drawer in use","type":"about:blank"})");
        QTest::newRow("cents") << int(ErrorCode::InsufficientPayment) << QStringLiteral("short")
                               << ErrorDetails{.amountCents = 1000, .tenderedCents = 500}
                               << QByteArray(
                                      R"({"amount_cents":1000,"code":"insufficient_payment",)"
                                      R"("detail":"short","status":422,"tendered_cents":500,)"
                                      R"("title":"Insufficient payment","type":"about:blank"})");
        QTest::newRow("parts, difference")
            << int(ErrorCode::PaymentMismatch) << QStringLiteral("mismatch")
            << ErrorDetails{.amountCents = 1000, .partsCents = 900, .differenceCents = -250}
            << QByteArray(R"({"amount_cents":1000,"code":"payment_mismatch",)"
                          R"("detail":"mismatch","difference_cents":-250,"parts_cents":900,)"
                          R"("status":422,"title":"Payment parts do not match",)"
                          R"("type":"about:blank"})");
        QTest::newRow("errors") << int(ErrorCode::BadRequest)
                                << QStringLiteral("the venue has 1 problem")
                                << ErrorDetails{.issues = {{QStringLiteral("$.sections[0]"),
                                                            QStringLiteral("empty")}}}
                                << QByteArray(
                                       R"({"code":"bad_request","detail":"the venue has 1 problem",)"
                                       R"("errors":[{"message":"empty","path":"$.sections[0]"}],)"
                                       R"("status":400,"title":"Bad request","type":"about:blank"})");
    }
    void problemJsonIsExact()
    {
        QFETCH(int, code);
        QFETCH(QString, detail);
        QFETCH(ErrorDetails, details);
        QFETCH(QByteArray, json);
        const Error error(ErrorCode(code), detail, details);
        const api::Answer problem = api::problem(error);
        QCOMPARE(problem.status, errorStatus(ErrorCode(code)));
        QCOMPARE(QJsonDocument(problem.body).toJson(QJsonDocument::Compact), json);
    }

    void errorWithoutDetailsHasEmptyDetails()
    {
        const Error error(ErrorCode::NotFound, QStringLiteral("no such order"));
        QVERIFY(error.details().seats.isEmpty());
        QVERIFY(!error.details().limit);
        QVERIFY(error.details().drawer.isNull());
        const Error copy = error; // details are shared, not copied
        QCOMPARE(copy.detail(), QStringLiteral("no such order"));
    }
};

QTEST_GUILESS_MAIN(TestErrorCode)
#include "tst_errorcode.moc"
