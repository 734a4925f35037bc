// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/result.h"

#include <QTest>

#include <memory>

using namespace boxoffice::server::domain;

namespace {

Result<int> half(int n)
{
    if (n % 2)
        return Error(ErrorCode::BadRequest, QStringLiteral("%1 is odd").arg(n));
    return n / 2;
}

Result<void> even(int n)
{
    if (n % 2)
        return Error(ErrorCode::BadRequest, QStringLiteral("odd"));
    return Done{};
}

} // namespace

class TestResult : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void holdsTheValue()
    {
        const Result<int> result = half(8);
        QVERIFY(result.ok());
        QVERIFY(bool(result));
        QCOMPARE(result.value(), 4);
        QCOMPARE(*result, 4);
    }

    void holdsTheError()
    {
        const Result<int> result = half(7);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().code(), ErrorCode::BadRequest);
        QCOMPARE(result.error().detail(), QStringLiteral("7 is odd"));
    }

    void valueOfAFailureThrowsItsError()
    {
        const Result<int> result = half(3);
        try {
            (void) result.value();
            QFAIL("value() of a failed result returned");
        } catch (const Error &error) {
            QCOMPARE(error.detail(), QStringLiteral("3 is odd"));
        }
        QVERIFY_THROWS_EXCEPTION(Error, even(3).value());
        even(4).value(); // does not throw
    }

    void voidResults()
    {
        QVERIFY(even(2).ok());
        QVERIFY(!even(1).ok());
        QCOMPARE(even(1).error().detail(), QStringLiteral("odd"));
    }

    void movesMoveOnlyValues()
    {
        Result<std::unique_ptr<int>> result = std::make_unique<int>(5);
        std::unique_ptr<int> taken = std::move(result).value();
        QCOMPARE(*taken, 5);
    }

    void resultOfCatchesRuleErrors()
    {
        const Result<int> thrown = resultOf([]() -> int {
            throw Error(ErrorCode::SeatUnavailable,
                        QStringLiteral("taken"),
                        ErrorDetails{.seats = {QStringLiteral("A-1")}});
        });
        QVERIFY(!thrown.ok());
        QCOMPARE(thrown.error().code(), ErrorCode::SeatUnavailable);
        QCOMPARE(thrown.error().details().seats, QStringList{QStringLiteral("A-1")});
        QCOMPARE(resultOf([] { return 6; }).value(), 6);
        int calls = 0;
        QVERIFY(resultOf([&] { ++calls; }).ok());
        QCOMPARE(calls, 1);
        // Anything but a rule error is not the caller's answer: it propagates.
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 (void) resultOf([]() -> int { throw std::runtime_error("x"); }));
    }
};

QTEST_GUILESS_MAIN(TestResult)
#include "tst_result.moc"
