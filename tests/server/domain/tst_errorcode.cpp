#include "domain/error.h"

#include <QJsonArray>
#include <QTest>

using namespace boxoffice::server::domain;

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

    void problemCarriesExtras()
    {
        const Error error(ErrorCode::SeatUnavailable,
                          QStringLiteral("1 of 2 seats are taken"),
                          QJsonObject{{QStringLiteral("seats"), QJsonArray{QStringLiteral("A-1")}}});
        const QJsonObject problem = error.toProblem();
        QCOMPARE(problem.value(u"type").toString(), QStringLiteral("about:blank"));
        QCOMPARE(problem.value(u"status").toInt(), 409);
        QCOMPARE(problem.value(u"code").toString(), QStringLiteral("seat_unavailable"));
        QCOMPARE(problem.value(u"seats").toArray().size(), 1);
        QCOMPARE(Response::fromError(error).status, 409);
    }
};

QTEST_GUILESS_MAIN(TestErrorCode)
#include "tst_errorcode.moc"
