// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterpaymentcodec.h"

#include "domain/error.h"

#include <QJsonArray>

namespace boxoffice::server::api {

using domain::CounterPayment;
using domain::Error;
using domain::ErrorCode;

namespace {

QString readText(const QJsonObject &body, const char *field)
{
    const QJsonValue text = body.value(QLatin1String(field));
    if (!text.isString() || text.toString().trimmed().isEmpty() || text.toString().size() > 500)
        throw Error::badRequest(
            QStringLiteral("`%1` must be a non-empty string").arg(QLatin1String(field)));
    return text.toString();
}

CounterPayment::Part readPart(const QJsonValue &value)
{
    if (!value.isObject())
        throw Error::badRequest(QStringLiteral("`payment.parts` must hold objects"));
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
        throw Error::badRequest(
            QStringLiteral("a split part's `method` must be cash or card_present"));
    }
    if (part.amountCents == 0)
        throw Error::badRequest(QStringLiteral("a split part's `amount_cents` must be above zero"));
    return part;
}

} // namespace

qint64 readCents(const QJsonObject &body, const char *name)
{
    const QJsonValue value = body.value(QLatin1String(name));
    const double number = value.toDouble(-1);
    // Range first: converting an out-of-range double to an integer is undefined.
    if (!value.isDouble() || number < 0 || number > 1e12 || number != double(qint64(number)))
        throw Error::badRequest(
            QStringLiteral("`%1` must be a non-negative integer number of cents")
                .arg(QLatin1String(name)));
    return qint64(number);
}

void onlyFields(const QJsonObject &body, const QStringList &known)
{
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
}

CounterPayment parseCounterPayment(const QJsonValue &value)
{
    if (!value.isObject())
        throw Error::badRequest(QStringLiteral("`payment` must be an object"));
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
            throw Error::badRequest(
                QStringLiteral("`payment.parts` must be an array of 2 to 8 parts"));
        for (const QJsonValue &part : parts)
            payment.parts.append(readPart(part));
        int cash = 0;
        for (const CounterPayment::Part &part : std::as_const(payment.parts))
            cash += part.method == u"cash" ? 1 : 0;
        if (cash > 1)
            throw Error::badRequest(QStringLiteral("a split has at most one cash part"));
        for (const CounterPayment::Part &part : std::as_const(payment.parts)) {
            if (part.method == u"cash")
                payment.tenderedCents = part.tenderedCents;
            else if (payment.reference.isEmpty())
                payment.reference = part.reference;
        }
    } else {
        throw Error::badRequest(
            QStringLiteral("`payment.method` must be cash, card_present, comp or split"));
    }
    return payment;
}

} // namespace boxoffice::server::api
