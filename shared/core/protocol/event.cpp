// SPDX-License-Identifier: GPL-3.0-or-later
#include "event.h"

#include "wirereader.h"

#include <QJsonArray>

namespace boxoffice::protocol {

namespace {

constexpr int kMaxMinutes = 525600; // a year

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(wireTime(time, false)) : QJsonValue(QJsonValue::Null);
}

template<typename T>
QJsonValue orNull(const std::optional<T> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

EventVenue readVenue(WireReader &in)
{
    EventVenue venue;
    venue.id = in.text("id");
    venue.name = in.text("name");
    venue.city = in.optionalText("city");
    if (in.has("lat") || in.has("lng")) {
        venue.lat = in.nullableNumber("lat");
        venue.lng = in.nullableNumber("lng");
    }
    venue.timeZone = in.optionalText("time_zone");
    return venue;
}

} // namespace

QJsonObject Event::toJson() const
{
    QJsonArray artistArray;
    for (const EventArtist &artist : artists)
        artistArray.append(
            QJsonObject{{QStringLiteral("id"), artist.id}, {QStringLiteral("name"), artist.name}});
    QJsonObject out{{QStringLiteral("id"), id},
                    {QStringLiteral("version"), version},
                    {QStringLiteral("title"), title},
                    {QStringLiteral("category"), category},
                    {QStringLiteral("starts_at"), timeOrNull(startsAt)},
                    {QStringLiteral("on_sale_at"), timeOrNull(onSaleAt)},
                    {QStringLiteral("off_sale_at"), timeOrNull(offSaleAt)},
                    {QStringLiteral("doors_at"), timeOrNull(doorsAt)},
                    {QStringLiteral("sale_state"), saleState},
                    {QStringLiteral("paused"), paused},
                    {QStringLiteral("transfers"),
                     QJsonObject{{QStringLiteral("enabled"), transfersEnabled},
                                 {QStringLiteral("until_minutes_before"), transferCutoffMinutes}}},
                    {QStringLiteral("waiting_list"),
                     QJsonObject{{QStringLiteral("enabled"), waitingListEnabled},
                                 {QStringLiteral("offer_minutes"), waitingOfferMinutes}}},
                    {QStringLiteral("cancelled_at"), timeOrNull(cancelledAt)},
                    {QStringLiteral("cancel_reason"), orNull(cancelReason)},
                    {QStringLiteral("time_zone"), timeZone},
                    {QStringLiteral("venue"),
                     QJsonObject{{QStringLiteral("id"), venue.id},
                                 {QStringLiteral("name"), venue.name},
                                 {QStringLiteral("city"), venue.city},
                                 {QStringLiteral("lat"), orNull(venue.lat)},
                                 {QStringLiteral("lng"), orNull(venue.lng)},
                                 {QStringLiteral("time_zone"), venue.timeZone}}},
                    {QStringLiteral("artists"), artistArray},
                    {QStringLiteral("sale_conditions"), saleConditions},
                    {QStringLiteral("min_price_cents"), orNull(minPriceCents)},
                    {QStringLiteral("currency"), currency},
                    {QStringLiteral("availability"), availability},
                    {QStringLiteral("queue_enabled"), queueEnabled},
                    {QStringLiteral("queue"),
                     QJsonObject{{QStringLiteral("enabled"), queueEnabled},
                                 {QStringLiteral("admit_per_minute"), admitPerMinute},
                                 {QStringLiteral("max_active"), maxActive}}}};
    if (categories) {
        QJsonArray items;
        for (const EventCategory &c : *categories)
            items.append(QJsonObject{{QStringLiteral("id"), c.id},
                                     {QStringLiteral("name"), c.name},
                                     {QStringLiteral("color"), c.color},
                                     {QStringLiteral("price_cents"), c.priceCents}});
        out.insert(u"categories", items);
    }
    if (limits)
        out.insert(u"limits",
                   QJsonObject{{QStringLiteral("max_seats_per_user"), limits->maxSeatsPerUser},
                               {QStringLiteral("max_holds_per_user"), limits->maxHoldsPerUser},
                               {QStringLiteral("hold_seconds"), limits->holdSeconds}});
    return out;
}

Parsed<Event> Event::fromJson(const QJsonObject &json)
{
    return WireReader::parse<Event>(json, [](WireReader &in) {
        Event event;
        event.id = in.text("id");
        event.title = in.text("title");
        event.startsAt = in.time("starts_at");
        event.venue = in.object("venue", readVenue);
        event.currency = in.text("currency");
        // The back office's members: read when present, checked when they are.
        event.version = int(in.optionalInteger("version", 1, INT_MAX).value_or(1));
        event.category = in.optionalText("category");
        if (in.has("on_sale_at"))
            event.onSaleAt = in.time("on_sale_at", true);
        if (in.has("off_sale_at"))
            event.offSaleAt = in.time("off_sale_at", true);
        if (in.has("doors_at"))
            event.doorsAt = in.time("doors_at", true);
        event.saleState = in.optionalText("sale_state");
        event.paused = in.optionalFlag("paused");
        if (in.has("transfers"))
            in.object("transfers", [&](WireReader &t) {
                event.transfersEnabled = t.flag("enabled");
                event.transferCutoffMinutes = int(t.integer("until_minutes_before", 0, kMaxMinutes));
                return true;
            });
        if (in.has("waiting_list"))
            in.object("waiting_list", [&](WireReader &w) {
                event.waitingListEnabled = w.flag("enabled");
                event.waitingOfferMinutes = int(w.integer("offer_minutes", 0, kMaxMinutes));
                return true;
            });
        if (in.has("cancelled_at"))
            event.cancelledAt = in.time("cancelled_at", true);
        if (in.has("cancel_reason"))
            event.cancelReason = in.nullableText("cancel_reason");
        event.timeZone = in.optionalText("time_zone");
        if (in.has("artists"))
            event.artists = in.list("artists", [](WireReader &a) {
                return EventArtist{a.text("id"), a.text("name")};
            });
        event.saleConditions = in.optionalText("sale_conditions");
        if (in.has("min_price_cents"))
            event.minPriceCents = in.nullableInteger("min_price_cents");
        event.availability = in.optionalText("availability");
        event.queueEnabled = in.optionalFlag("queue_enabled");
        if (in.has("queue"))
            in.object("queue", [&](WireReader &q) {
                q.flag("enabled"); // `queue_enabled` again, for the back office's form
                event.admitPerMinute = int(q.integer("admit_per_minute", 0, INT_MAX));
                event.maxActive = int(q.integer("max_active", 0, INT_MAX));
                return true;
            });
        if (in.has("categories"))
            event.categories = in.list("categories", [](WireReader &c) {
                return EventCategory{c.text("id"),
                                     c.text("name"),
                                     c.optionalText("color"),
                                     c.integer("price_cents")};
            });
        if (in.has("limits"))
            event.limits = in.object("limits", [](WireReader &l) {
                return EventLimits{int(l.integer("max_seats_per_user", 0, INT_MAX)),
                                   int(l.integer("max_holds_per_user", 0, INT_MAX)),
                                   int(l.integer("hold_seconds", 0, INT_MAX))};
            });
        return event;
    });
}

} // namespace boxoffice::protocol
