// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogservice.h"

#include "db/catalogrepository.h"
#include "db/database.h"
#include "venuelayout.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUuid>

namespace boxoffice::server::domain {

using db::CatalogRepository;

namespace {

VenueUpload readOrThrow(const QByteArray &document,
                        VenueFormat format,
                        const QString &fallbackId,
                        const QString &defaultTimeZone)
{
    VenueUpload upload = readVenueUpload(document, format, fallbackId, defaultTimeZone);
    if (!upload.problems.isEmpty())
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("the venue has %1 problem(s)").arg(upload.problems.size()),
                    ErrorDetails{.issues = upload.problems});
    return upload;
}

QDateTime timestamp(const QJsonObject &body, const QString &name, bool required)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() && !required)
        return {};
    const QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!value.isString() || !time.isValid() || !value.toString().contains(u'T'))
        throw Error::badRequest(QStringLiteral("`%1` must be an RFC 3339 time").arg(name));
    return time;
}

int boundedInt(const QJsonObject &body, const QString &name, int min, int max, int fallback)
{
    const QJsonValue value = body.value(name);
    if (value.isUndefined() || value.isNull())
        return fallback;
    const double number = value.toDouble(-1e18);
    // The range first: converting a double beyond qint64 is undefined.
    if (!value.isDouble() || number < min || number > max || number != double(qint64(number)))
        throw Error::badRequest(
            QStringLiteral("`%1` must be an integer from %2 to %3").arg(name).arg(min).arg(max));
    return int(number);
}

bool isUuid(const QString &text)
{
    return text.size() == 36 && !QUuid::fromString(text).isNull();
}

} // namespace

CatalogService::CatalogService(db::Database &database,
                               int defaultHoldSeconds,
                               QString defaultTimeZone)
    : m_database(database)
    , m_defaultHoldSeconds(defaultHoldSeconds)
    , m_defaultTimeZone(std::move(defaultTimeZone))
{}

Response CatalogService::createVenue(const QByteArray &document, VenueFormat format)
{
    const QString fallbackId = QStringLiteral("venue-")
                               + QUuid::createUuid().toString(QUuid::Id128).left(10);
    const VenueUpload upload = readOrThrow(document, format, fallbackId, m_defaultTimeZone);
    const VenueLayout &layout = upload.layout;
    bool inserted = false;
    m_database.transact([&](db::Tx &tx) {
        inserted = CatalogRepository::insertVenue(tx, layout, upload.document);
    });
    if (!inserted)
        throw Error(ErrorCode::VersionConflict,
                    QStringLiteral("venue %1 exists; update it with PUT and If-Match")
                        .arg(layout.id));
    return Response{201,
                    QJsonObject{{QStringLiteral("id"), layout.id},
                                {QStringLiteral("version"), 1},
                                {QStringLiteral("seats"), int(layout.seats.size())}}};
}

Response CatalogService::updateVenue(const QString &id,
                                     const QByteArray &document,
                                     int expectedVersion,
                                     VenueFormat format)
{
    const VenueUpload upload = readOrThrow(document, format, id, m_defaultTimeZone);
    const VenueLayout &layout = upload.layout;
    if (layout.id != id)
        throw Error::badRequest(QStringLiteral("the document's id must be %1").arg(id));
    const QByteArray &compact = upload.document;
    std::optional<int> version;
    bool exists = false;
    m_database.transact([&](db::Tx &tx) {
        exists = CatalogRepository::venue(tx, id).has_value();
        if (exists)
            version = CatalogRepository::updateVenue(tx, layout, compact, expectedVersion);
    });
    if (!exists)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such venue"));
    if (!version)
        throw Error(ErrorCode::VersionConflict, QStringLiteral("the venue was changed meanwhile"));
    return Response{200,
                    QJsonObject{{QStringLiteral("id"), id},
                                {QStringLiteral("version"), *version},
                                {QStringLiteral("seats"), int(layout.seats.size())}}};
}

Response CatalogService::venue(const QString &id)
{
    std::optional<db::VenueRow> row;
    m_database.transact([&](db::Tx &tx) { row = CatalogRepository::venue(tx, id); });
    if (!row)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such venue"));
    QJsonObject body = QJsonDocument::fromJson(row->document).object();
    body.insert(u"version", row->version); // the document's own format version is not needed here
    return Response{200, body};
}

Response CatalogService::venues()
{
    QJsonArray items;
    m_database.transact([&](db::Tx &tx) { items = CatalogRepository::listVenues(tx); });
    return Response{200, QJsonObject{{QStringLiteral("items"), items}}};
}

EventDraft CatalogService::parseEvent(const QJsonObject &body) const
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
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!known.contains(it.key()))
            throw Error::badRequest(QStringLiteral("unknown field `%1`").arg(it.key()));
    }
    EventDraft draft;
    auto string = [&](const QString &name, bool required) {
        const QJsonValue value = body.value(name);
        if (value.isUndefined() && !required)
            return QString();
        if (!value.isString() || value.toString().isEmpty() || value.toString().size() > 500)
            throw Error::badRequest(QStringLiteral("`%1` must be a non-empty string").arg(name));
        return value.toString();
    };
    draft.venueId = string(QStringLiteral("venue_id"), true);
    draft.title = string(QStringLiteral("title"), true);
    draft.category = string(QStringLiteral("category"), false);
    draft.saleConditions = string(QStringLiteral("sale_conditions"), false);
    draft.startsAt = timestamp(body, QStringLiteral("starts_at"), true);
    draft.onSaleAt = timestamp(body, QStringLiteral("on_sale_at"), false);
    if (!draft.onSaleAt.isValid())
        draft.onSaleAt = QDateTime::currentDateTimeUtc();
    draft.currency = string(QStringLiteral("currency"), true);
    static const QRegularExpression currency(QStringLiteral("^[A-Z]{3}$"));
    if (!currency.match(draft.currency).hasMatch())
        throw Error::badRequest(QStringLiteral("`currency` must be an ISO 4217 code such as EUR"));
    const QJsonValue artists = body.value(u"artists");
    if (!artists.isUndefined()) {
        if (!artists.isArray())
            throw Error::badRequest(QStringLiteral("`artists` must be an array"));
        for (const QJsonValue &artist : artists.toArray()) {
            const QString name = artist.isObject() ? artist.toObject().value(u"name").toString()
                                                   : artist.toString();
            if (name.isEmpty() || name.size() > 200)
                throw Error::badRequest(
                    QStringLiteral("`artists` must hold names (or {\"name\"} objects)"));
            draft.artists.append(name);
        }
    }
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
        draft.admitPerMinute = boundedInt(q, QStringLiteral("admit_per_minute"), 1, 1000000, 100);
        draft.maxActive = boundedInt(q, QStringLiteral("max_active"), 1, 10000000, 1000);
    }
    draft.maxSeatsPerUser = boundedInt(body, QStringLiteral("max_seats_per_user"), 1, 1000, 10);
    draft.maxHoldsPerUser = boundedInt(body, QStringLiteral("max_holds_per_user"), 1, 100, 3);
    draft.holdSeconds = boundedInt(body,
                                   QStringLiteral("hold_seconds"),
                                   1,
                                   86400,
                                   m_defaultHoldSeconds);
    return draft;
}

Response CatalogService::createEvent(const EventDraft &draft)
{
    std::optional<QString> eventId;
    std::optional<QJsonObject> event;
    m_database.transact([&](db::Tx &tx) {
        const QStringList categories = CatalogRepository::venueCategories(tx, draft.venueId);
        QStringList missing;
        for (const QString &category : categories) {
            if (!draft.prices.contains(category))
                missing.append(category);
        }
        if (!missing.isEmpty())
            throw Error::badRequest(
                QStringLiteral("`prices` lacks categories: %1").arg(missing.join(u", ")));
        eventId = CatalogRepository::createEvent(tx, draft);
        if (!eventId)
            throw Error(ErrorCode::BadRequest, QStringLiteral("no venue %1").arg(draft.venueId));
        event = CatalogRepository::event(tx, *eventId);
    });
    return Response{201, event.value_or(QJsonObject{{QStringLiteral("id"), *eventId}})};
}

Response CatalogService::event(const QString &id)
{
    if (!isUuid(id))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    std::optional<QJsonObject> event;
    m_database.transact([&](db::Tx &tx) { event = CatalogRepository::event(tx, id); });
    if (!event)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    return Response{200, *event};
}

} // namespace boxoffice::server::domain
