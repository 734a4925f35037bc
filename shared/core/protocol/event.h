// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/protocol/parsed.h>

#include <QDateTime>
#include <QJsonObject>
#include <QList>

#include <optional>

namespace boxoffice::protocol {

/// Where an event takes place, as the Event names it.
struct EventVenue
{
    QString id;
    QString name;
    QString city;
    std::optional<double> lat; ///< null: the venue has no location
    std::optional<double> lng;
    QString timeZone; ///< IANA, e.g. Europe/Madrid
};

struct EventArtist
{
    QString id;
    QString name;
};

/// A price category of the event: the venue's category with its price.
struct EventCategory
{
    QString id;
    QString name;
    QString color;
    qint64 priceCents = 0;
};

/// What one fan may take and for how long (GET /events/{id} only).
struct EventLimits
{
    int maxSeatsPerUser = 10;
    int maxHoldsPerUser = 3;
    int holdSeconds = 600;
};

/// API.md's Event with the back office's settings; `categories` and `limits` as GET /events/{id}
/// answers them (a search's items have neither). The server writes every member; a reader
/// needs the contract's own (`id`, `title`, `starts_at`, `venue`, `currency`) and takes the
/// others' defaults when they are missing.
struct Event
{
    QString id;
    int version = 1;
    QString title;
    QString category;
    QDateTime startsAt;
    QDateTime onSaleAt;
    QDateTime offSaleAt; ///< invalid: null
    QDateTime doorsAt;   ///< invalid: null
    QString saleState;   ///< scheduled|on_sale|paused|off_sale|cancelled
    bool paused = false;
    bool transfersEnabled = true;
    int transferCutoffMinutes = 0; ///< `transfers.until_minutes_before`
    bool waitingListEnabled = false;
    int waitingOfferMinutes = 30;
    QDateTime cancelledAt; ///< invalid: null
    std::optional<QString> cancelReason;
    QString timeZone; ///< the venue's
    EventVenue venue;
    QList<EventArtist> artists;
    QString saleConditions;
    std::optional<qint64> minPriceCents; ///< null: no prices
    QString currency;
    QString availability; ///< available|few|sold_out
    bool queueEnabled = false;
    int admitPerMinute = 100; ///< `queue.admit_per_minute`
    int maxActive = 1000;     ///< `queue.max_active`
    std::optional<QList<EventCategory>> categories;
    std::optional<EventLimits> limits;

    QJsonObject toJson() const;
    static Parsed<Event> fromJson(const QJsonObject &json);
};

} // namespace boxoffice::protocol
