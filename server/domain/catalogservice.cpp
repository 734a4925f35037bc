// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogservice.h"

#include "db/auditrepository.h"
#include "db/catalogrepository.h"
#include "db/database.h"
#include "ids.h"
#include "venuelayout.h"

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

Error noSuchEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

} // namespace

CatalogService::CatalogService(db::Database &database,
                               int defaultHoldSeconds,
                               QString defaultTimeZone)
    : m_database(database)
    , m_defaultHoldSeconds(defaultHoldSeconds)
    , m_defaultTimeZone(std::move(defaultTimeZone))
{}

Result<SavedVenue> CatalogService::createVenue(const QByteArray &document, VenueFormat format)
{
    return resultOf([&] {
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
        return SavedVenue{layout.id, 1, int(layout.seats.size())};
    });
}

Result<SavedVenue> CatalogService::updateVenue(const QString &id,
                                               const QByteArray &document,
                                               int expectedVersion,
                                               VenueFormat format)
{
    return resultOf([&] {
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
            throw Error(ErrorCode::VersionConflict,
                        QStringLiteral("the venue was changed meanwhile"));
        return SavedVenue{id, *version, int(layout.seats.size())};
    });
}

Result<StoredVenue> CatalogService::venue(const QString &id)
{
    std::optional<db::VenueRow> row;
    m_database.transact([&](db::Tx &tx) { row = CatalogRepository::venue(tx, id); });
    if (!row)
        return Error(ErrorCode::NotFound, QStringLiteral("no such venue"));
    return StoredVenue{row->document, row->version};
}

QList<VenueSummary> CatalogService::venues()
{
    QList<VenueSummary> items;
    m_database.transact([&](db::Tx &tx) { items = CatalogRepository::listVenues(tx); });
    return items;
}

Result<EventDocument> CatalogService::createEvent(const EventDraft &draft, const QString &actor)
{
    return resultOf([&] {
        std::optional<QString> eventId;
        std::optional<QByteArray> event;
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
                throw Error::badRequest(QStringLiteral("no venue %1").arg(draft.venueId));
            db::AuditRepository::record(
                tx,
                db::AuditEntry{.actor = actor,
                               .action = QStringLiteral("event.create"),
                               .eventId = *eventId,
                               .subject = *eventId,
                               .before = {},
                               .after = {{QStringLiteral("title"), draft.title},
                                         {QStringLiteral("venue_id"), draft.venueId},
                                         {QStringLiteral("starts_at"),
                                          draft.startsAt.toUTC().toString(Qt::ISODate)}}});
            event = CatalogRepository::event(tx, *eventId);
        });
        return EventDocument{*eventId, event.value_or(QByteArray())};
    });
}

Result<EventDocument> CatalogService::event(const QString &id)
{
    if (!isUuid(id))
        return noSuchEvent();
    std::optional<QByteArray> event;
    m_database.transact([&](db::Tx &tx) { event = CatalogRepository::event(tx, id); });
    if (!event)
        return noSuchEvent();
    return EventDocument{id, *event};
}

QList<QByteArray> CatalogService::allEvents(int limit, int offset)
{
    QList<QByteArray> out;
    m_database.transact([&](db::Tx &tx) { out = CatalogRepository::allEvents(tx, limit, offset); });
    return out;
}

} // namespace boxoffice::server::domain
