// SPDX-License-Identifier: GPL-3.0-or-later
#include "vouchercodec.h"

#include "fieldreader.h"

#include "domain/error.h"
#include "domain/ids.h"

#include <QRegularExpression>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;
using namespace Qt::StringLiterals;

namespace {

const QStringList kKinds{u"fixed_price"_s, u"amount_off"_s, u"percent_off"_s};

QStringList readNames(const QJsonObject &body, const QString &name, bool uuids)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isArray() || value.toArray().size() > 100)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("%1 must be a list of at most 100 names").arg(name),
                    ErrorDetails{.field = name});
    QStringList out;
    const QJsonArray items = value.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString item = items.at(i).toString();
        const QString field = QStringLiteral("%1[%2]").arg(name).arg(i);
        if (!items.at(i).isString() || item.isEmpty() || item.size() > 100)
            throw Error(ErrorCode::BadRequest,
                        QStringLiteral("%1 must be a name").arg(field),
                        ErrorDetails{.field = field});
        if (uuids && !domain::isUuid(item))
            throw Error::invalidField(field, QStringLiteral("%1 is not an event id").arg(item));
        if (!out.contains(item))
            out.append(uuids ? item.toLower() : item);
    }
    return out;
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QString();
}

} // namespace

db::Voucher parseVoucher(const QJsonObject &body)
{
    refuseUnknown(body,
                  {u"code"_s,
                   u"events"_s,
                   u"categories"_s,
                   u"ticket_types"_s,
                   u"kind"_s,
                   u"value_cents"_s,
                   u"percent"_s,
                   u"max_uses"_s,
                   u"max_per_fan"_s,
                   u"valid_from"_s,
                   u"valid_until"_s,
                   u"disabled"_s,
                   u"allocation"_s,
                   u"uses"_s,
                   u"version"_s});
    static const QRegularExpression codePattern(u"^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$"_s);
    db::Voucher voucher;
    voucher.code = readText(body, u"code"_s, false, 40);
    if (!voucher.code.isEmpty() && !codePattern.match(voucher.code).hasMatch())
        throw Error::invalidField(u"code"_s,
                                  QStringLiteral("a code is 3 to 40 letters, digits, - and _"));
    voucher.eventIds = readNames(body, u"events"_s, true);
    if (voucher.eventIds.isEmpty())
        throw Error::invalidField(u"events"_s, QStringLiteral("a code is for one event or more"));
    voucher.categories = readNames(body, u"categories"_s, false);
    voucher.typeIds = readNames(body, u"ticket_types"_s, false);
    // The allocation whose held-back seats the code opens, by its name in each event.
    if (!body.value(u"allocation").isNull())
        voucher.allocation = readText(body, u"allocation"_s, false, 100).trimmed();
    voucher.kind = readText(body, u"kind"_s, true, 20);
    if (!kKinds.contains(voucher.kind))
        throw Error::invalidField(u"kind"_s,
                                  QStringLiteral("kind is fixed_price, amount_off or percent_off"));
    if (voucher.kind == u"percent_off") {
        if (body.contains(u"value_cents"))
            throw Error::invalidField(u"value_cents"_s,
                                      QStringLiteral("a percentage off has a percent only"));
        voucher.percentBp = readPercentBp(body, u"percent"_s, u"percent"_s);
        // A code that opens an allocation may take nothing off.
        if (*voucher.percentBp == 0 && voucher.allocation.isEmpty())
            throw Error::invalidField(u"percent"_s,
                                      QStringLiteral("percent must be above 0 and at most 100"));
    } else {
        if (body.contains(u"percent"))
            throw Error::invalidField(u"percent"_s,
                                      QStringLiteral("%1 has value_cents, not a percent")
                                          .arg(voucher.kind));
        voucher.valueCents = readRangedInt(body, u"value_cents"_s, u"value_cents"_s, 0, 100000000);
        if (!voucher.valueCents)
            throw Error::invalidField(u"value_cents"_s,
                                      QStringLiteral("%1 needs value_cents").arg(voucher.kind));
    }
    if (const auto max = readRangedInt(body, u"max_uses"_s, u"max_uses"_s, 1, 10000000))
        voucher.maxUses = int(*max);
    if (const auto max = readRangedInt(body, u"max_per_fan"_s, u"max_per_fan"_s, 1, 1000))
        voucher.maxPerFan = int(*max);
    voucher.validFrom = readTime(body, u"valid_from"_s, false);
    voucher.validUntil = readTime(body, u"valid_until"_s, false);
    if (voucher.validFrom.isValid() && voucher.validUntil.isValid()
        && voucher.validFrom >= voucher.validUntil)
        throw Error::invalidField(u"valid_until"_s,
                                  QStringLiteral("valid_until must come after valid_from"));
    voucher.disabled = readBool(body, u"disabled"_s).value_or(false);
    return voucher;
}

QString parseVoucherCode(const QJsonObject &body)
{
    refuseUnknown(body, {u"code"_s});
    const QString code = readText(body, u"code"_s, true, 40).trimmed();
    static const QRegularExpression codePattern(u"^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$"_s);
    // Anything that cannot be a code is an unknown one: the shop says so in the same words.
    if (!codePattern.match(code).hasMatch())
        throw Error(ErrorCode::VoucherUnknown, QStringLiteral("there is no code %1").arg(code));
    return code;
}

QJsonObject voucherJson(const db::Voucher &voucher)
{
    QJsonObject json{{u"code"_s, voucher.code},
                     {u"events"_s, QJsonArray::fromStringList(voucher.eventIds)},
                     {u"categories"_s, QJsonArray::fromStringList(voucher.categories)},
                     {u"ticket_types"_s, QJsonArray::fromStringList(voucher.typeIds)},
                     {u"kind"_s, voucher.kind},
                     {u"max_uses"_s, voucher.maxUses ? QJsonValue(*voucher.maxUses) : QJsonValue()},
                     {u"max_per_fan"_s,
                      voucher.maxPerFan ? QJsonValue(*voucher.maxPerFan) : QJsonValue()},
                     {u"valid_from"_s,
                      voucher.validFrom.isValid() ? QJsonValue(timeText(voucher.validFrom))
                                                  : QJsonValue()},
                     {u"valid_until"_s,
                      voucher.validUntil.isValid() ? QJsonValue(timeText(voucher.validUntil))
                                                   : QJsonValue()},
                     {u"disabled"_s, voucher.disabled},
                     {u"uses"_s, voucher.uses},
                     {u"version"_s, voucher.version}};
    if (voucher.percentBp)
        json.insert(u"percent", *voucher.percentBp / 100.0);
    json.insert(u"allocation",
                voucher.allocation.isEmpty() ? QJsonValue() : QJsonValue(voucher.allocation));
    if (voucher.valueCents)
        json.insert(u"value_cents", *voucher.valueCents);
    return json;
}

QJsonObject unlockedSeatsJson(const domain::UnlockedSeats &unlocked)
{
    return {{u"code"_s, unlocked.code},
            {u"allocation"_s, unlocked.allocation},
            {u"seats"_s, QJsonArray::fromStringList(unlocked.seats)}};
}

QJsonObject vouchersJson(const QList<db::Voucher> &vouchers)
{
    QJsonArray items;
    for (const db::Voucher &voucher : vouchers)
        items.append(voucherJson(voucher));
    return {{u"vouchers"_s, items}};
}

} // namespace boxoffice::server::api
