// SPDX-License-Identifier: GPL-3.0-or-later
// The price calculator (issue 28): 1,000 random baskets whose lines add up to the total to the
// cent, each line's tax recomputed independently; and the refusals of a basket.
#include "domain/error.h"
#include "domain/pricecalculator.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace boxoffice::server;
using namespace boxoffice::server::domain;

namespace {

db::TicketType type(QString id, std::optional<qint64> price, std::optional<qint64> delta)
{
    db::TicketType t;
    t.id = id;
    t.name = id;
    t.priceCents = price;
    t.deltaCents = delta;
    t.channels = {QStringLiteral("online"), QStringLiteral("box_office")};
    return t;
}

// What the tax of one line must be, computed in long double rather than integers.
qint64 expectedTax(qint64 amount, int rateBp, bool included)
{
    const long double rate = rateBp / 10000.0L;
    const long double exact = included ? amount * rate / (1 + rate) : amount * rate;
    return qint64(std::floor(exact + 0.5L + 1e-9L));
}

} // namespace

class TestPriceCalculator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void thousandRandomBasketsAddUpToTheCent()
    {
        QRandomGenerator random(2028); // fixed: a failure is reproducible
        const int rates[] = {0, 250, 700, 770, 810, 1900, 2000, 2100, 2500, 333, 1};
        for (int round = 0; round < 1000; ++round) {
            db::PriceRules rules;
            rules.tax = db::TaxRule{QStringLiteral("VAT"),
                                    rates[random.bounded(int(std::size(rates)))],
                                    random.bounded(2) == 0};
            rules.refundFees = random.bounded(2) == 0;
            rules.types = {type(QStringLiteral("adult"), std::nullopt, 0),
                           type(QStringLiteral("child"), std::nullopt, -random.bounded(3000)),
                           type(QStringLiteral("student"), random.bounded(9999), std::nullopt),
                           type(QStringLiteral("free"), 0, std::nullopt)};
            for (const QString &channel : {QStringLiteral("online"), QStringLiteral("box_office")})
                for (const QString &scope : {QStringLiteral("ticket"), QStringLiteral("order")})
                    if (random.bounded(3) > 0)
                        rules.fees.append(db::FeeRule{channel,
                                                      scope,
                                                      random.bounded(2) ? random.bounded(500) : 0,
                                                      random.bounded(2) ? random.bounded(1501) : 0});
            QList<db::BasketPlace> basket;
            const int places = 1 + random.bounded(12);
            for (int i = 0; i < places; ++i) {
                const int pick = random.bounded(5);
                basket.append(db::BasketPlace{QStringLiteral("S-%1").arg(i),
                                              QStringLiteral("a"),
                                              random.bounded(1, 20000),
                                              pick == 4 ? QString() : rules.types[pick].id});
            }
            const QString channel = random.bounded(2) ? QStringLiteral("online")
                                                      : QStringLiteral("box_office");
            // Half the baskets with a code: a percentage, an amount or a fixed price off all.
            std::optional<db::Voucher> voucher;
            if (random.bounded(2)) {
                voucher = db::Voucher{};
                voucher->code = QStringLiteral("CODE");
                const int kind = random.bounded(3);
                voucher->kind = kind == 0   ? QStringLiteral("percent_off")
                                : kind == 1 ? QStringLiteral("amount_off")
                                            : QStringLiteral("fixed_price");
                if (kind == 0)
                    voucher->percentBp = random.bounded(1, 10001);
                else
                    voucher->valueCents = random.bounded(0, 20000);
            }
            const Quote quote = priceBasket(rules, basket, channel, voucher ? &*voucher : nullptr);

            qint64 discount = 0;
            for (const db::PriceLine &line : quote.lines)
                discount += line.discountCents;
            QCOMPARE(quote.discountCents, discount);
            QVERIFY(voucher || discount == 0);
            qint64 total = 0, tax = 0, face = 0, fee = 0, kept = 0, keptTax = 0;
            int tickets = 0;
            for (const db::PriceLine &line : quote.lines) {
                QCOMPARE(line.netCents + line.taxCents, line.totalCents);
                QVERIFY(line.netCents >= 0 && line.taxCents >= 0 && line.discountCents >= 0);
                const qint64 listed = rules.tax.included ? line.totalCents : line.netCents;
                QCOMPARE(line.taxCents, expectedTax(listed, rules.tax.rateBp, rules.tax.included));
                total += line.totalCents;
                tax += line.taxCents;
                const bool isFee = line.kind != u"ticket";
                (isFee ? fee : face) += line.totalCents;
                tickets += isFee ? 0 : 1;
                if (isFee && !rules.refundFees) {
                    kept += line.totalCents;
                    keptTax += line.taxCents;
                }
            }
            QCOMPARE(tickets, places);
            QCOMPARE(quote.totalCents, total);
            QCOMPARE(quote.taxCents, tax);
            QCOMPARE(quote.faceCents + quote.feeCents, quote.totalCents);
            QCOMPARE(quote.faceCents, face);
            QCOMPARE(quote.feeCents, fee);
            QCOMPARE(quote.keptCents, kept);
            QCOMPARE(quote.keptTaxCents, keptTax);
            if (rules.tax.rateBp == 0)
                QCOMPARE(quote.taxCents, 0);
        }
    }

    void typesPriceFeesAndTaxAsListed()
    {
        db::PriceRules rules;
        rules.tax = db::TaxRule{QStringLiteral("MWST"), 770, true};
        rules.types = {type(QStringLiteral("child"), std::nullopt, -1500)};
        rules.fees = {db::FeeRule{QStringLiteral("online"), QStringLiteral("ticket"), 100, 0},
                      db::FeeRule{QStringLiteral("online"), QStringLiteral("order"), 0, 1000}};
        const Quote quote = priceBasket(rules,
                                        {{QStringLiteral("A-1"), QStringLiteral("a"), 4000, {}},
                                         {QStringLiteral("A-2"),
                                          QStringLiteral("a"),
                                          4000,
                                          QStringLiteral("child")}},
                                        QStringLiteral("online"));
        // Faces 4000 + 2500, fees 100 + 100, order fee 10 % of 6500 = 650: 7350 in all.
        QCOMPARE(quote.totalCents, 7350);
        QCOMPARE(quote.faceCents, 6500);
        QCOMPARE(quote.feeCents, 850);
        QCOMPARE(quote.lines.size(), 5);
        QCOMPARE(quote.lines[0].taxCents, 286); // 4000 * 7.7 / 107.7 = 285.98
        QCOMPARE(quote.lines[2].typeName, QStringLiteral("child"));
        QCOMPARE(quote.lines[2].totalCents, 2500);
        // At the counter there are no fees here.
        QCOMPARE(priceBasket(rules,
                             {{QStringLiteral("A-1"), QStringLiteral("a"), 4000, {}}},
                             QStringLiteral("box_office"))
                     .totalCents,
                 4000);
    }

    void refusesWhatTheRulesDoNotAllow()
    {
        db::PriceRules rules;
        rules.types = {type(QStringLiteral("child"), 1000, std::nullopt),
                       type(QStringLiteral("companion"), 0, std::nullopt)};
        rules.types[0].maxPerOrder = 1;
        rules.types[1].channels = {QStringLiteral("box_office")};
        rules.types[1].category = QStringLiteral("wheelchair");
        const auto refusal = [&](const QList<db::BasketPlace> &basket) {
            try {
                priceBasket(rules, basket, QStringLiteral("online"));
            } catch (const Error &error) {
                return std::make_pair(errorCodeName(error.code()), error.details().field);
            }
            return std::make_pair(QString(), QString());
        };
        const auto unknown = refusal(
            {{QStringLiteral("A-1"), QStringLiteral("a"), 10, QStringLiteral("senior")}});
        QCOMPARE(unknown.first, QStringLiteral("invalid_field"));
        QCOMPARE(unknown.second, QStringLiteral("types.A-1"));
        QCOMPARE(refusal({{QStringLiteral("A-1"),
                           QStringLiteral("wheelchair"),
                           10,
                           QStringLiteral("companion")}})
                     .second,
                 QStringLiteral("types.A-1"));
        QCOMPARE(refusal(
                     {{QStringLiteral("A-1"), QStringLiteral("a"), 10, QStringLiteral("companion")}})
                     .first,
                 QStringLiteral("invalid_field"));
        const auto twoChildren = refusal(
            {{QStringLiteral("A-1"), QStringLiteral("a"), 10, QStringLiteral("child")},
             {QStringLiteral("A-2"), QStringLiteral("a"), 10, QStringLiteral("child")}});
        QCOMPARE(twoChildren.first, QStringLiteral("limit_exceeded"));
        QCOMPARE(twoChildren.second, QStringLiteral("types.A-2"));
    }
};

QTEST_APPLESS_MAIN(TestPriceCalculator)
#include "tst_pricecalculator.moc"
