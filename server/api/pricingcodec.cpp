// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricingcodec.h"

#include "domain/error.h"
#include "fieldreader.h"

#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;
using namespace Qt::StringLiterals;

namespace {

const QStringList kChannels{QStringLiteral("online"), QStringLiteral("box_office")};

Error wrongType(const QString &field, const QString &what)
{
    return Error(ErrorCode::BadRequest,
                 QStringLiteral("%1 must be %2").arg(field, what),
                 ErrorDetails{.field = field});
}

void refuseUnknown(const QJsonObject &object, const QString &prefix, const QStringList &known)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            throw wrongType(prefix + it.key(), QStringLiteral("left out (unknown member)"));
    }
}

QString readString(const QJsonObject &object,
                   const QString &name,
                   const QString &field,
                   bool required,
                   int maxLength)
{
    const QJsonValue value = object.value(name);
    if ((value.isUndefined() || value.isNull()) && !required)
        return {};
    if (!value.isString())
        throw wrongType(field, QStringLiteral("a string"));
    const QString text = value.toString().trimmed();
    if ((required && text.isEmpty()) || text.size() > maxLength)
        throw Error::invalidField(field,
                                  QStringLiteral("%1 must have 1 to %2 characters")
                                      .arg(field)
                                      .arg(maxLength));
    return text;
}

QJsonObject objectAt(const QJsonValue &value, const QString &field)
{
    if (!value.isObject())
        throw wrongType(field, QStringLiteral("an object"));
    return value.toObject();
}

db::TicketType parseType(const QJsonObject &object, const QString &at)
{
    refuseUnknown(object,
                  at + u'.',
                  {QStringLiteral("id"),
                   QStringLiteral("name"),
                   QStringLiteral("category"),
                   QStringLiteral("price_cents"),
                   QStringLiteral("delta_cents"),
                   QStringLiteral("max_per_event"),
                   QStringLiteral("max_per_order"),
                   QStringLiteral("channels")});
    static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9][a-z0-9_-]{0,39}$"));
    db::TicketType type;
    type.id = readString(object, u"id"_s, at + u".id"_s, true, 40);
    if (!idPattern.match(type.id).hasMatch())
        throw Error::invalidField(at + u".id"_s,
                                  QStringLiteral("a type id is 1 to 40 of a-z, 0-9, - and _"));
    type.name = readString(object, u"name"_s, at + u".name"_s, true, 80);
    type.category = readString(object, u"category"_s, at + u".category"_s, false, 100);
    type.priceCents = readRangedInt(object, u"price_cents"_s, at + u".price_cents"_s, 0, 100000000);
    type.deltaCents = readRangedInt(object,
                                    u"delta_cents"_s,
                                    at + u".delta_cents"_s,
                                    -100000000,
                                    100000000);
    if (type.priceCents.has_value() == type.deltaCents.has_value())
        throw Error::invalidField(at + u".price_cents"_s,
                                  QStringLiteral("a type has either price_cents or delta_cents"));
    if (const auto max
        = readRangedInt(object, u"max_per_event"_s, at + u".max_per_event"_s, 0, 1000000))
        type.maxPerEvent = int(*max);
    if (const auto max = readRangedInt(object, u"max_per_order"_s, at + u".max_per_order"_s, 1, 1000))
        type.maxPerOrder = int(*max);
    const QJsonValue channels = object.value(u"channels");
    if (channels.isUndefined() || channels.isNull()) {
        type.channels = kChannels;
    } else {
        if (!channels.isArray() || channels.toArray().isEmpty())
            throw wrongType(at + u".channels"_s, QStringLiteral("a list of channels"));
        for (const QJsonValue &channel : channels.toArray()) {
            if (!kChannels.contains(channel.toString()))
                throw Error::invalidField(at + u".channels"_s,
                                          QStringLiteral("channels are online and box_office"));
            if (!type.channels.contains(channel.toString()))
                type.channels.append(channel.toString());
        }
    }
    return type;
}

db::FeeRule parseFee(const QJsonObject &object, const QString &at)
{
    refuseUnknown(object,
                  at + u'.',
                  {QStringLiteral("channel"),
                   QStringLiteral("scope"),
                   QStringLiteral("fixed_cents"),
                   QStringLiteral("percent")});
    db::FeeRule fee;
    fee.channel = readString(object, u"channel"_s, at + u".channel"_s, true, 20);
    if (!kChannels.contains(fee.channel))
        throw Error::invalidField(at + u".channel"_s,
                                  QStringLiteral("channel is online or box_office"));
    fee.scope = readString(object, u"scope"_s, at + u".scope"_s, true, 20);
    if (fee.scope != u"ticket" && fee.scope != u"order")
        throw Error::invalidField(at + u".scope"_s, QStringLiteral("scope is ticket or order"));
    fee.fixedCents = readRangedInt(object, u"fixed_cents"_s, at + u".fixed_cents"_s, 0, 10000000)
                         .value_or(0);
    fee.percentBp = readPercentBp(object, u"percent"_s, at + u".percent"_s);
    return fee;
}

} // namespace

db::PriceRules parsePriceRules(const QJsonObject &body)
{
    refuseUnknown(body,
                  {},
                  {QStringLiteral("ticket_types"),
                   QStringLiteral("fees"),
                   QStringLiteral("tax"),
                   QStringLiteral("refund_fees")});
    db::PriceRules rules;
    const QJsonValue types = body.value(u"ticket_types");
    if (!types.isUndefined() && !types.isArray())
        throw wrongType(u"ticket_types"_s, QStringLiteral("a list"));
    if (types.toArray().size() > 50)
        throw Error::invalidField(u"ticket_types"_s, QStringLiteral("at most 50 ticket types"));
    QSet<QString> ids;
    for (qsizetype i = 0; i < types.toArray().size(); ++i) {
        const QString at = QStringLiteral("ticket_types[%1]").arg(i);
        db::TicketType type = parseType(objectAt(types.toArray().at(i), at), at);
        if (ids.contains(type.id))
            throw Error::invalidField(at + u".id"_s,
                                      QStringLiteral("type %1 is listed twice").arg(type.id));
        ids.insert(type.id);
        rules.types.append(std::move(type));
    }
    const QJsonValue fees = body.value(u"fees");
    if (!fees.isUndefined() && !fees.isArray())
        throw wrongType(u"fees"_s, QStringLiteral("a list"));
    QSet<QString> feeKeys;
    for (qsizetype i = 0; i < fees.toArray().size(); ++i) {
        const QString at = QStringLiteral("fees[%1]").arg(i);
        db::FeeRule fee = parseFee(objectAt(fees.toArray().at(i), at), at);
        const QString key = fee.channel + u'/' + fee.scope;
        if (feeKeys.contains(key))
            throw Error::invalidField(at,
                                      QStringLiteral("one %1 fee per %2 is enough")
                                          .arg(fee.channel, fee.scope));
        feeKeys.insert(key);
        rules.fees.append(fee);
    }
    if (body.contains(u"tax")) {
        const QJsonObject tax = objectAt(body.value(u"tax"), u"tax"_s);
        refuseUnknown(tax,
                      u"tax."_s,
                      {QStringLiteral("name"),
                       QStringLiteral("rate_percent"),
                       QStringLiteral("included")});
        rules.tax.name = readString(tax, u"name"_s, u"tax.name"_s, false, 40);
        rules.tax.rateBp = readPercentBp(tax, u"rate_percent"_s, u"tax.rate_percent"_s);
        const QJsonValue included = tax.value(u"included");
        if (!included.isUndefined() && !included.isBool())
            throw wrongType(u"tax.included"_s, QStringLiteral("true or false"));
        rules.tax.included = included.toBool(true);
    }
    const QJsonValue refundFees = body.value(u"refund_fees");
    if (!refundFees.isUndefined() && !refundFees.isBool())
        throw wrongType(u"refund_fees"_s, QStringLiteral("true or false"));
    rules.refundFees = refundFees.toBool(false);
    return rules;
}

QMap<QString, QString> parseTypePicks(const QJsonObject &body)
{
    refuseUnknown(body, {}, {QStringLiteral("types")});
    const QJsonObject types = objectAt(body.value(u"types"), u"types"_s);
    if (types.size() > 1000)
        throw Error::invalidField(u"types"_s, QStringLiteral("too many seats"));
    QMap<QString, QString> picks;
    for (auto it = types.begin(); it != types.end(); ++it) {
        const QString field = QStringLiteral("types.%1").arg(it.key());
        if (!it->isString() || it->toString().isEmpty() || it->toString().size() > 40)
            throw wrongType(field, QStringLiteral("a ticket type id"));
        picks.insert(it.key(), it->toString());
    }
    return picks;
}

QString parseChannel(const QString &value, const QString &fallback)
{
    if (value.isEmpty())
        return fallback;
    if (!kChannels.contains(value))
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("channel is online or box_office"),
                    ErrorDetails{.field = QStringLiteral("channel")});
    return value;
}

QJsonObject priceRulesJson(const db::PriceRules &rules)
{
    QJsonArray types;
    for (const db::TicketType &type : rules.types) {
        QJsonObject json{{u"id"_s, type.id},
                         {u"name"_s, type.name},
                         {u"category"_s,
                          type.category.isEmpty() ? QJsonValue() : QJsonValue(type.category)},
                         {u"channels"_s, QJsonArray::fromStringList(type.channels)},
                         {u"max_per_event"_s,
                          type.maxPerEvent ? QJsonValue(*type.maxPerEvent) : QJsonValue()},
                         {u"max_per_order"_s,
                          type.maxPerOrder ? QJsonValue(*type.maxPerOrder) : QJsonValue()}};
        if (type.priceCents)
            json.insert(u"price_cents", *type.priceCents);
        else
            json.insert(u"delta_cents", type.deltaCents.value_or(0));
        types.append(json);
    }
    QJsonArray fees;
    for (const db::FeeRule &fee : rules.fees)
        fees.append(QJsonObject{{u"channel"_s, fee.channel},
                                {u"scope"_s, fee.scope},
                                {u"fixed_cents"_s, fee.fixedCents},
                                {u"percent"_s, fee.percentBp / 100.0}});
    return {{u"ticket_types"_s, types},
            {u"fees"_s, fees},
            {u"tax"_s,
             QJsonObject{{u"name"_s, rules.tax.name},
                         {u"rate_percent"_s, rules.tax.rateBp / 100.0},
                         {u"included"_s, rules.tax.included}}},
            {u"refund_fees"_s, rules.refundFees},
            {u"version"_s, rules.version}};
}

QJsonObject quoteJson(const domain::Quote &quote)
{
    return {{u"lines"_s, protocol::priceLinesJson(quote.lines)},
            {u"face_cents"_s, quote.faceCents},
            {u"fee_cents"_s, quote.feeCents},
            {u"tax_cents"_s, quote.taxCents},
            {u"total_cents"_s, quote.totalCents},
            {u"refundable_cents"_s, quote.totalCents - quote.keptCents},
            {u"discount_cents"_s, quote.discountCents},
            {u"voucher"_s, quote.voucher.isEmpty() ? QJsonValue() : QJsonValue(quote.voucher)}};
}

} // namespace boxoffice::server::api
