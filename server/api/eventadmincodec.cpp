// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventadmincodec.h"

#include "catalogcodec.h"
#include "domain/error.h"
#include "fieldreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace boxoffice::server::api {

using domain::Error;
using domain::ErrorCode;
using domain::ErrorDetails;

namespace {

Error badField(const QString &field, const QString &detail)
{
    return Error(ErrorCode::BadRequest, detail, ErrorDetails{.field = field});
}

// A time that may be cleared with null.
std::optional<QDateTime> optionalTime(const QJsonObject &body, const QString &name)
{
    if (!body.contains(name))
        return std::nullopt;
    if (body.value(name).isNull())
        return QDateTime();
    return readTime(body, name, true);
}

std::optional<QString> optionalText(const QJsonObject &body, const QString &name, int maxLength)
{
    if (!body.contains(name))
        return std::nullopt;
    return readText(body, name, true, maxLength);
}

std::optional<int> optionalInt(const QJsonObject &body, const QString &name, int min, int max)
{
    if (!body.contains(name))
        return std::nullopt;
    if (body.value(name).isNull())
        throw badField(name, QStringLiteral("`%1` cannot be null").arg(name));
    return readBoundedInt(body, name, min, max, 0);
}

QList<domain::PriceCategory> parseCategories(const QJsonValue &value)
{
    const QString field = QStringLiteral("categories");
    if (!value.isArray() || value.toArray().isEmpty())
        throw badField(field, QStringLiteral("`categories` must be a non-empty array"));
    static const QRegularExpression color(QStringLiteral("^(#[0-9A-Fa-f]{6})?$"));
    QList<domain::PriceCategory> out;
    QSet<QString> seen;
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isObject())
            throw badField(field, QStringLiteral("each category is an object"));
        const QJsonObject object = item.toObject();
        refuseUnknown(object,
                      {QStringLiteral("id"),
                       QStringLiteral("name"),
                       QStringLiteral("color"),
                       QStringLiteral("price_cents")});
        domain::PriceCategory category;
        category.id = readText(object, QStringLiteral("id"), true, 64);
        category.name = readText(object, QStringLiteral("name"), true, 100);
        category.color = object.value(u"color").toString();
        if (!color.match(category.color).hasMatch())
            throw badField(field, QStringLiteral("a category's `color` is #rrggbb"));
        const QJsonValue price = object.value(u"price_cents");
        const double cents = price.toDouble(-1);
        if (!price.isDouble() || cents < 0 || cents > 1e12 || cents != double(qint64(cents)))
            throw Error(ErrorCode::InvalidField,
                        QStringLiteral("the price of %1 must be whole cents, 0 or more")
                            .arg(category.id),
                        ErrorDetails{.field = QStringLiteral("categories")});
        category.priceCents = qint64(cents);
        if (seen.contains(category.id))
            throw badField(field, QStringLiteral("category %1 appears twice").arg(category.id));
        seen.insert(category.id);
        out.append(category);
    }
    return out;
}

QJsonObject object(const QByteArray &document)
{
    return QJsonDocument::fromJson(document).object();
}

} // namespace

domain::EventPatch parseEventPatch(const QJsonObject &body)
{
    refuseUnknown(body,
                  {QStringLiteral("venue_id"),
                   QStringLiteral("title"),
                   QStringLiteral("category"),
                   QStringLiteral("artists"),
                   QStringLiteral("starts_at"),
                   QStringLiteral("on_sale_at"),
                   QStringLiteral("off_sale_at"),
                   QStringLiteral("doors_at"),
                   QStringLiteral("sale_conditions"),
                   QStringLiteral("max_seats_per_user"),
                   QStringLiteral("max_holds_per_user"),
                   QStringLiteral("hold_seconds"),
                   QStringLiteral("queue"),
                   QStringLiteral("paused"),
                   QStringLiteral("transfers"),
                   QStringLiteral("waiting_list"),
                   QStringLiteral("categories")});
    domain::EventPatch patch;
    patch.venueId = optionalText(body, QStringLiteral("venue_id"), 200);
    patch.title = optionalText(body, QStringLiteral("title"), 500);
    patch.category = optionalText(body, QStringLiteral("category"), 100);
    if (body.contains(u"sale_conditions")) { // may be emptied
        if (!body.value(u"sale_conditions").isString())
            throw badField(QStringLiteral("sale_conditions"),
                           QStringLiteral("`sale_conditions` is text"));
        patch.saleConditions = body.value(u"sale_conditions").toString().left(5000);
    }
    if (body.contains(u"artists"))
        patch.artists = parseArtists(body.value(u"artists"));
    if (body.contains(u"starts_at"))
        patch.startsAt = readTime(body, QStringLiteral("starts_at"), true);
    if (body.contains(u"on_sale_at"))
        patch.onSaleAt = readTime(body, QStringLiteral("on_sale_at"), true);
    patch.offSaleAt = optionalTime(body, QStringLiteral("off_sale_at"));
    patch.doorsAt = optionalTime(body, QStringLiteral("doors_at"));
    patch.maxSeatsPerUser = optionalInt(body, QStringLiteral("max_seats_per_user"), 1, 1000);
    patch.maxHoldsPerUser = optionalInt(body, QStringLiteral("max_holds_per_user"), 1, 100);
    patch.holdSeconds = optionalInt(body, QStringLiteral("hold_seconds"), 1, 86400);
    if (body.contains(u"queue")) {
        if (!body.value(u"queue").isObject())
            throw badField(QStringLiteral("queue"), QStringLiteral("`queue` must be an object"));
        const QJsonObject queue = body.value(u"queue").toObject();
        refuseUnknown(queue,
                      {QStringLiteral("enabled"),
                       QStringLiteral("admit_per_minute"),
                       QStringLiteral("max_active")});
        patch.queueEnabled = readBool(queue, QStringLiteral("enabled"));
        patch.admitPerMinute = optionalInt(queue, QStringLiteral("admit_per_minute"), 1, 1000000);
        patch.maxActive = optionalInt(queue, QStringLiteral("max_active"), 1, 10000000);
    }
    patch.paused = readBool(body, QStringLiteral("paused"));
    if (body.contains(u"transfers")) {
        if (!body.value(u"transfers").isObject())
            throw badField(QStringLiteral("transfers"),
                           QStringLiteral("`transfers` must be an object"));
        const QJsonObject transfers = body.value(u"transfers").toObject();
        refuseUnknown(transfers,
                      {QStringLiteral("enabled"), QStringLiteral("until_minutes_before")});
        patch.transfersEnabled = readBool(transfers, QStringLiteral("enabled"));
        patch.transferCutoffMinutes = optionalInt(transfers,
                                                  QStringLiteral("until_minutes_before"),
                                                  0,
                                                  525600);
    }
    if (body.contains(u"waiting_list")) {
        if (!body.value(u"waiting_list").isObject())
            throw badField(QStringLiteral("waiting_list"),
                           QStringLiteral("`waiting_list` must be an object"));
        const QJsonObject list = body.value(u"waiting_list").toObject();
        refuseUnknown(list, {QStringLiteral("enabled"), QStringLiteral("offer_minutes")});
        patch.waitingListEnabled = readBool(list, QStringLiteral("enabled"));
        patch.waitingOfferMinutes = optionalInt(list, QStringLiteral("offer_minutes"), 1, 10080);
    }
    if (body.contains(u"categories"))
        patch.categories = parseCategories(body.value(u"categories"));
    return patch;
}

domain::SeatCategoryAssignment parseSeatCategoryAssignment(const QJsonObject &body)
{
    refuseUnknown(body,
                  {QStringLiteral("category"), QStringLiteral("seats"), QStringLiteral("sections")});
    domain::SeatCategoryAssignment out;
    out.category = readText(body, QStringLiteral("category"), true, 64);
    // A whole hall at most: the largest venues have about 60,000 seats.
    auto names = [&](const QString &field) {
        const QJsonValue value = body.value(field);
        QStringList list;
        if (value.isUndefined())
            return list;
        if (!value.isArray() || value.toArray().size() > 100000)
            throw badField(field, QStringLiteral("`%1` must be an array of ids").arg(field));
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString() || item.toString().isEmpty() || item.toString().size() > 255)
                throw badField(field, QStringLiteral("`%1` holds ids (strings)").arg(field));
            list.append(item.toString());
        }
        list.removeDuplicates();
        return list;
    };
    out.seats = names(QStringLiteral("seats"));
    out.sections = names(QStringLiteral("sections"));
    if (out.seats.isEmpty() && out.sections.isEmpty())
        throw badField(QStringLiteral("seats"), QStringLiteral("name `seats` or `sections`"));
    return out;
}

QJsonObject assignedSeatsJson(const domain::AssignedSeats &assigned)
{
    return QJsonObject{{QStringLiteral("assigned"), assigned.assigned},
                       {QStringLiteral("version"), assigned.version}};
}

domain::EventCopy parseEventCopy(const QJsonObject &body)
{
    refuseUnknown(body, {QStringLiteral("title"), QStringLiteral("starts_at")});
    domain::EventCopy copy;
    copy.title = optionalText(body, QStringLiteral("title"), 500);
    if (body.contains(u"starts_at"))
        copy.startsAt = readTime(body, QStringLiteral("starts_at"), true);
    return copy;
}

QString parseCancelReason(const QJsonObject &body)
{
    refuseUnknown(body, {QStringLiteral("reason")});
    return readText(body, QStringLiteral("reason"), true, 1000);
}

QJsonObject cancelledEventJson(const domain::CancelledEvent &cancelled)
{
    QJsonArray counter;
    for (const domain::CounterRefundDue &order : cancelled.counterOrders)
        counter.append(QJsonObject{{QStringLiteral("order_id"), order.orderId},
                                   {QStringLiteral("amount_cents"), order.amountCents},
                                   {QStringLiteral("name"), order.name},
                                   {QStringLiteral("email"), order.email}});
    return QJsonObject{{QStringLiteral("event"), object(cancelled.event)},
                       {QStringLiteral("refunds_queued"), cancelled.refundsQueued},
                       {QStringLiteral("tickets_revoked"), cancelled.ticketsRevoked},
                       {QStringLiteral("fans_mailed"), cancelled.fansMailed},
                       {QStringLiteral("counter_orders"), counter}};
}

} // namespace boxoffice::server::api
