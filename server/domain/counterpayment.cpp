// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterpayment.h"

#include "error.h"

#include <QJsonArray>

namespace boxoffice::server::domain {

namespace {

Error bad(const QString &detail)
{
    return Error(ErrorCode::BadRequest, detail);
}

QString readText(const QJsonObject &body, const char *field)
{
    const QJsonValue text = body.value(QLatin1String(field));
    if (!text.isString() || text.toString().trimmed().isEmpty() || text.toString().size() > 500)
        throw bad(QStringLiteral("`%1` must be a non-empty string").arg(QLatin1String(field)));
    return text.toString();
}

CounterPayment::Part readPart(const QJsonValue &value)
{
    if (!value.isObject())
        throw bad(QStringLiteral("`payment.parts` must hold objects"));
    const QJsonObject body = value.toObject();
    CounterPayment::Part part;
    part.method = body.value(u"method").toString();
    if (part.method == u"cash") {
        onlyFields(body,
                   {QStringLiteral("method"),
                    QStringLiteral("amount_cents"),
                    QStringLiteral("tendered_cents")});
        part.amountCents = readCents(body, "amount_cents");
        part.tenderedCents = body.contains(u"tendered_cents") ? readCents(body, "tendered_cents")
                                                              : part.amountCents;
    } else if (part.method == u"card_present") {
        onlyFields(body,
                   {QStringLiteral("method"),
                    QStringLiteral("amount_cents"),
                    QStringLiteral("reference")});
        part.amountCents = readCents(body, "amount_cents");
        part.reference = readText(body, "reference");
    } else {
        throw bad(QStringLiteral("a split part's `method` must be cash or card_present"));
    }
    if (part.amountCents == 0)
        throw bad(QStringLiteral("a split part's `amount_cents` must be above zero"));
    return part;
}

} // namespace

qint64 readCents(const QJsonObject &body, const char *name)
{
    const QJsonValue value = body.value(QLatin1String(name));
    const double number = value.toDouble(-1);
    // Range first: converting an out-of-range double to an integer is undefined.
    if (!value.isDouble() || number < 0 || number > 1e12 || number != double(qint64(number)))
        throw bad(QStringLiteral("`%1` must be a non-negative integer number of cents")
                      .arg(QLatin1String(name)));
    return qint64(number);
}

void onlyFields(const QJsonObject &body, const QStringList &known)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw bad(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

CounterPayment CounterPayment::parse(const QJsonValue &value)
{
    if (!value.isObject())
        throw bad(QStringLiteral("`payment` must be an object"));
    const QJsonObject body = value.toObject();
    CounterPayment payment;
    payment.method = body.value(u"method").toString();
    if (payment.method == u"cash") {
        onlyFields(body, {QStringLiteral("method"), QStringLiteral("tendered_cents")});
        payment.tenderedCents = readCents(body, "tendered_cents");
    } else if (payment.method == u"card_present" || payment.method == u"comp") {
        const char *field = payment.method == u"comp" ? "reason" : "reference";
        onlyFields(body, {QStringLiteral("method"), QString::fromLatin1(field)});
        payment.reference = readText(body, field);
    } else if (payment.method == u"split") {
        onlyFields(body, {QStringLiteral("method"), QStringLiteral("parts")});
        const QJsonArray parts = body.value(u"parts").toArray();
        if (!body.value(u"parts").isArray() || parts.size() < 2 || parts.size() > 8)
            throw bad(QStringLiteral("`payment.parts` must be an array of 2 to 8 parts"));
        for (const QJsonValue &part : parts)
            payment.parts.append(readPart(part));
        int cash = 0;
        for (const Part &part : std::as_const(payment.parts))
            cash += part.method == u"cash" ? 1 : 0;
        if (cash > 1)
            throw bad(QStringLiteral("a split has at most one cash part"));
        for (const Part &part : std::as_const(payment.parts)) {
            if (part.method == u"cash")
                payment.tenderedCents = part.tenderedCents;
            else if (payment.reference.isEmpty())
                payment.reference = part.reference;
        }
    } else {
        throw bad(QStringLiteral("`payment.method` must be cash, card_present, comp or split"));
    }
    return payment;
}

QJsonObject CounterPayment::toJson() const
{
    QJsonObject out{{QStringLiteral("method"), method}};
    if (method == u"cash")
        out.insert(u"tendered_cents", tenderedCents);
    else if (method == u"comp")
        out.insert(u"reason", reference);
    else if (method == u"card_present")
        out.insert(u"reference", reference);
    QJsonArray list;
    for (const Part &part : parts) {
        QJsonObject p{{QStringLiteral("method"), part.method},
                      {QStringLiteral("amount_cents"), part.amountCents}};
        if (part.method == u"cash")
            p.insert(u"tendered_cents", part.tenderedCents);
        else
            p.insert(u"reference", part.reference);
        list.append(p);
    }
    if (method == u"split")
        out.insert(u"parts", list);
    return out;
}

qint64 CounterPayment::settle(qint64 amountCents) const
{
    if (method == u"cash") {
        if (tenderedCents < amountCents)
            throw Error(ErrorCode::InsufficientPayment,
                        QStringLiteral("tendered %1 cents, the amount due is %2 cents")
                            .arg(tenderedCents)
                            .arg(amountCents),
                        ErrorDetails{.amountCents = amountCents, .tenderedCents = tenderedCents});
        return tenderedCents - amountCents;
    }
    if (method != u"split")
        return 0;
    qint64 sum = 0, change = 0;
    for (const Part &part : parts) {
        sum += part.amountCents;
        if (part.method == u"cash") {
            if (part.tenderedCents < part.amountCents)
                throw Error(ErrorCode::InsufficientPayment,
                            QStringLiteral("the cash part is %1 cents, %2 tendered")
                                .arg(part.amountCents)
                                .arg(part.tenderedCents));
            change = part.tenderedCents - part.amountCents;
        }
    }
    if (sum != amountCents)
        throw Error(ErrorCode::PaymentMismatch,
                    QStringLiteral("the parts add up to %1 cents, the amount due is %2 cents")
                        .arg(sum)
                        .arg(amountCents),
                    ErrorDetails{.amountCents = amountCents, .partsCents = sum});
    return change;
}

QList<std::pair<QString, qint64>> CounterPayment::byMethod(qint64 amountCents) const
{
    if (method != u"split") // comp too: the report lists it apart and leaves it out of the sums
        return {{method, amountCents}};
    QList<std::pair<QString, qint64>> out;
    for (const Part &part : parts)
        out.append({part.method, part.amountCents});
    return out;
}

bool CounterPayment::takesCash() const
{
    if (method == u"cash")
        return true;
    for (const Part &part : parts) {
        if (part.method == u"cash")
            return true;
    }
    return false;
}

} // namespace boxoffice::server::domain
