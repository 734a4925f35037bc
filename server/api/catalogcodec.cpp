// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogcodec.h"

#include "domain/error.h"
#include "fieldreader.h"

#include <core/protocol/event.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace boxoffice::server::api {

using domain::Error;

namespace {

QJsonObject object(const QByteArray &document)
{
    return QJsonDocument::fromJson(document).object();
}

} // namespace

QJsonObject eventAnswer(const QByteArray &document, bool listed)
{
    const QJsonObject stored = object(document);
    protocol::Parsed<protocol::Event> event = protocol::Event::fromJson(stored);
    if (!event) {
        // The database wrote what the wire type cannot read: answer it as it is, and say so.
        qWarning("event %s does not read as an Event: %s",
                 qUtf8Printable(stored.value(u"id").toString()),
                 qUtf8Printable(event.error()));
        return stored;
    }
    protocol::Event answer = *event;
    if (listed) {
        answer.categories.reset();
        answer.limits.reset();
    }
    QJsonObject out = answer.toJson();
    for (auto it = stored.begin(); it != stored.end(); ++it)
        if (!out.contains(it.key())
            && !(listed && (it.key() == u"categories" || it.key() == u"limits")))
            qWarning("event member `%s` is not in protocol::Event: left out of the answer",
                     qUtf8Printable(it.key()));
    return out;
}

QStringList parseArtists(const QJsonValue &artists)
{
    if (!artists.isArray())
        throw Error(domain::ErrorCode::BadRequest,
                    QStringLiteral("`artists` must be an array"),
                    domain::ErrorDetails{.field = QStringLiteral("artists")});
    QStringList out;
    for (const QJsonValue &artist : artists.toArray()) {
        const QString name = artist.isObject() ? artist.toObject().value(u"name").toString()
                                               : artist.toString();
        if (name.isEmpty() || name.size() > 200)
            throw Error(domain::ErrorCode::BadRequest,
                        QStringLiteral("`artists` must hold names (or {\"name\"} objects)"),
                        domain::ErrorDetails{.field = QStringLiteral("artists")});
        out.append(name);
    }
    return out;
}

domain::EventDraft parseEventDraft(const QJsonObject &body, int defaultHoldSeconds)
{
    static const QStringList known{QStringLiteral("venue_id"),
                                   QStringLiteral("title"),
                                   QStringLiteral("category"),
                                   QStringLiteral("starts_at"),
                                   QStringLiteral("on_sale_at"),
                                   QStringLiteral("artists"),
                                   QStringLiteral("prices"),
                                   QStringLiteral("currency"),
                                   QStringLiteral("queue"),
                                   QStringLiteral("max_seats_per_user"),
                                   QStringLiteral("max_holds_per_user"),
                                   QStringLiteral("hold_seconds"),
                                   QStringLiteral("sale_conditions")};
    refuseUnknown(body, known);
    domain::EventDraft draft;
    auto string = [&](const QString &name, bool required) { return readText(body, name, required); };
    draft.venueId = string(QStringLiteral("venue_id"), true);
    draft.title = string(QStringLiteral("title"), true);
    draft.category = string(QStringLiteral("category"), false);
    draft.saleConditions = string(QStringLiteral("sale_conditions"), false);
    draft.startsAt = readTime(body, QStringLiteral("starts_at"), true);
    draft.onSaleAt = readTime(body, QStringLiteral("on_sale_at"), false);
    if (!draft.onSaleAt.isValid())
        draft.onSaleAt = QDateTime::currentDateTimeUtc();
    draft.currency = string(QStringLiteral("currency"), true);
    static const QRegularExpression currency(QStringLiteral("^[A-Z]{3}$"));
    if (!currency.match(draft.currency).hasMatch())
        throw Error::badRequest(QStringLiteral("`currency` must be an ISO 4217 code such as EUR"));
    if (body.contains(u"artists"))
        draft.artists = parseArtists(body.value(u"artists"));
    const QJsonValue prices = body.value(u"prices");
    if (!prices.isObject())
        throw Error::badRequest(
            QStringLiteral("`prices` must be an object of category id -> cents"));
    const QJsonObject priceObject = prices.toObject();
    for (auto it = priceObject.begin(); it != priceObject.end(); ++it) {
        const double cents = it.value().toDouble(-1);
        if (!it.value().isDouble() || cents < 0 || cents > 1e12 || cents != double(qint64(cents)))
            throw Error::badRequest(QStringLiteral("price of %1 must be whole cents").arg(it.key()));
        draft.prices.insert(it.key(), qint64(cents));
    }
    const QJsonValue queue = body.value(u"queue");
    if (!queue.isUndefined() && !queue.isNull()) {
        if (!queue.isObject())
            throw Error::badRequest(QStringLiteral("`queue` must be an object"));
        const QJsonObject q = queue.toObject();
        if (q.contains(u"enabled") && !q.value(u"enabled").isBool())
            throw Error::badRequest(QStringLiteral("`queue.enabled` must be a boolean"));
        draft.queueEnabled = q.value(u"enabled").toBool();
        draft.admitPerMinute = readBoundedInt(q, QStringLiteral("admit_per_minute"), 1, 1000000, 100);
        draft.maxActive = readBoundedInt(q, QStringLiteral("max_active"), 1, 10000000, 1000);
    }
    draft.maxSeatsPerUser = readBoundedInt(body, QStringLiteral("max_seats_per_user"), 1, 1000, 10);
    draft.maxHoldsPerUser = readBoundedInt(body, QStringLiteral("max_holds_per_user"), 1, 100, 3);
    draft.holdSeconds = readBoundedInt(body,
                                       QStringLiteral("hold_seconds"),
                                       1,
                                       86400,
                                       defaultHoldSeconds);
    return draft;
}

QJsonObject savedVenueJson(const domain::SavedVenue &venue)
{
    return QJsonObject{{QStringLiteral("id"), venue.id},
                       {QStringLiteral("version"), venue.version},
                       {QStringLiteral("seats"), venue.seats}};
}

QJsonObject venueJson(const domain::StoredVenue &venue)
{
    QJsonObject body = object(venue.document);
    body.insert(u"version", venue.version); // the document's own format version is not needed
    return body;
}

QJsonObject venueListJson(const QList<domain::VenueSummary> &venues)
{
    QJsonArray items;
    for (const domain::VenueSummary &venue : venues)
        items.append(QJsonObject{{QStringLiteral("id"), venue.id},
                                 {QStringLiteral("name"), venue.name},
                                 {QStringLiteral("city"), venue.city},
                                 {QStringLiteral("version"), venue.version},
                                 {QStringLiteral("seats"), venue.seats}});
    return QJsonObject{{QStringLiteral("items"), items}};
}

QJsonObject eventJson(const domain::EventDocument &event)
{
    if (event.document.isEmpty())
        return QJsonObject{{QStringLiteral("id"), event.id}};
    return eventAnswer(event.document);
}

EventListing parseEventListing(const QUrlQuery &query)
{
    auto number = [&](const QString &name, int min, int max, int fallback) {
        if (!query.hasQueryItem(name))
            return fallback;
        bool ok = false;
        const int value = query.queryItemValue(name).toInt(&ok);
        if (!ok || value < min || value > max)
            throw Error(domain::ErrorCode::BadRequest,
                        QStringLiteral("`%1` must be an integer from %2 to %3")
                            .arg(name)
                            .arg(min)
                            .arg(max),
                        domain::ErrorDetails{.field = name});
        return value;
    };
    if (query.queryItemValue(QStringLiteral("include")) != u"all")
        throw Error(domain::ErrorCode::BadRequest,
                    QStringLiteral("`include` can only be `all`"),
                    domain::ErrorDetails{.field = QStringLiteral("include")});
    return EventListing{number(QStringLiteral("limit"), 1, 500, 100),
                        number(QStringLiteral("offset"), 0, 1000000, 0)};
}

QJsonObject allEventsJson(const QList<QByteArray> &documents, const EventListing &listing)
{
    QJsonArray items;
    for (qsizetype i = 0; i < documents.size() && i < listing.limit; ++i)
        items.append(eventAnswer(documents[i]));
    const bool more = documents.size() > listing.limit;
    return QJsonObject{{QStringLiteral("items"), items},
                       {QStringLiteral("next_offset"),
                        more ? QJsonValue(listing.offset + listing.limit) : QJsonValue()}};
}

} // namespace boxoffice::server::api
