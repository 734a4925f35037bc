// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventadmin.h"

#include "db/auditrepository.h"
#include "db/catalogrepository.h"
#include "db/database.h"
#include "db/eventadminrepository.h"
#include "db/outboxrepository.h"
#include "db/waitinglistrepository.h"
#include "eventlock.h"
#include "events/scheduleevents.h"
#include "ids.h"

#include <QVariantList>

namespace boxoffice::server::domain {

using db::EventAdminRepository;

namespace {

Error noSuchEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

template<class T>
void take(T &target, const std::optional<T> &value)
{
    if (value)
        target = *value;
}

EventSettings applied(EventSettings settings, const EventPatch &patch)
{
    take(settings.title, patch.title);
    take(settings.category, patch.category);
    take(settings.saleConditions, patch.saleConditions);
    take(settings.artists, patch.artists);
    take(settings.startsAt, patch.startsAt);
    take(settings.onSaleAt, patch.onSaleAt);
    take(settings.offSaleAt, patch.offSaleAt);
    take(settings.doorsAt, patch.doorsAt);
    take(settings.maxSeatsPerUser, patch.maxSeatsPerUser);
    take(settings.maxHoldsPerUser, patch.maxHoldsPerUser);
    take(settings.holdSeconds, patch.holdSeconds);
    take(settings.queueEnabled, patch.queueEnabled);
    take(settings.admitPerMinute, patch.admitPerMinute);
    take(settings.maxActive, patch.maxActive);
    take(settings.paused, patch.paused);
    take(settings.transfersEnabled, patch.transfersEnabled);
    take(settings.transferCutoffMinutes, patch.transferCutoffMinutes);
    take(settings.waitingListEnabled, patch.waitingListEnabled);
    take(settings.waitingOfferMinutes, patch.waitingOfferMinutes);
    take(settings.categories, patch.categories);
    return settings;
}

// The times in their order: sale opens, closes (by the end of the show's day), doors, start.
void checkTimes(const EventSettings &next, const EventSettings &current)
{
    constexpr qint64 kDay = 24 * 3600;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (next.startsAt != current.startsAt && next.startsAt <= now)
        throw Error::invalidField(QStringLiteral("starts_at"),
                                  QStringLiteral("the new start must be in the future"));
    if (next.onSaleAt >= next.startsAt)
        throw Error::invalidField(QStringLiteral("on_sale_at"),
                                  QStringLiteral("the sale must open before the event starts"));
    if (next.offSaleAt.isValid() && next.offSaleAt <= next.onSaleAt)
        throw Error::invalidField(QStringLiteral("off_sale_at"),
                                  QStringLiteral("the sale must close after it opens"));
    if (next.offSaleAt.isValid() && next.offSaleAt > next.startsAt.addSecs(kDay))
        throw Error::invalidField(QStringLiteral("off_sale_at"),
                                  QStringLiteral("the sale must close by a day after the start"));
    if (next.doorsAt.isValid()
        && (next.doorsAt > next.startsAt || next.doorsAt < next.startsAt.addSecs(-kDay)))
        throw Error::invalidField(QStringLiteral("doors_at"),
                                  QStringLiteral("the doors open on the day, before the start"));
}

void checkCategories(db::Tx &tx, const EventSettings &current, const QList<PriceCategory> &next)
{
    QStringList removed;
    for (const PriceCategory &category : current.categories) {
        const bool kept = std::any_of(next.begin(), next.end(), [&](const PriceCategory &c) {
            return c.id == category.id;
        });
        if (!kept)
            removed.append(category.id);
    }
    if (removed.isEmpty())
        return;
    const QStringList used = EventAdminRepository::categoriesInUse(tx, current.id, removed);
    if (!used.isEmpty())
        throw Error(ErrorCode::CategoryInUse,
                    QStringLiteral("seats are assigned to %1: move them to another category "
                                   "before removing it")
                        .arg(used.join(u", ")),
                    ErrorDetails{.field = QStringLiteral("categories")});
}

QString timeText(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QString();
}

// The audit line's view of the settings (the names of the API's fields).
QVariantMap auditView(const EventSettings &s)
{
    return {{QStringLiteral("title"), s.title},
            {QStringLiteral("category"), s.category},
            {QStringLiteral("artists"), s.artists},
            {QStringLiteral("starts_at"), timeText(s.startsAt)},
            {QStringLiteral("on_sale_at"), timeText(s.onSaleAt)},
            {QStringLiteral("off_sale_at"), timeText(s.offSaleAt)},
            {QStringLiteral("doors_at"), timeText(s.doorsAt)},
            {QStringLiteral("sale_conditions"), s.saleConditions},
            {QStringLiteral("max_seats_per_user"), s.maxSeatsPerUser},
            {QStringLiteral("max_holds_per_user"), s.maxHoldsPerUser},
            {QStringLiteral("hold_seconds"), s.holdSeconds},
            {QStringLiteral("queue_enabled"), s.queueEnabled},
            {QStringLiteral("admit_per_minute"), s.admitPerMinute},
            {QStringLiteral("max_active"), s.maxActive},
            {QStringLiteral("paused"), s.paused},
            {QStringLiteral("transfers_enabled"), s.transfersEnabled},
            {QStringLiteral("transfer_until_minutes_before"), s.transferCutoffMinutes},
            {QStringLiteral("waiting_list_enabled"), s.waitingListEnabled},
            {QStringLiteral("waiting_list_offer_minutes"), s.waitingOfferMinutes}};
}

QVariantMap pricesView(const QList<PriceCategory> &categories)
{
    QVariantMap out;
    for (const PriceCategory &c : categories)
        out.insert(c.id,
                   QVariantMap{{QStringLiteral("name"), c.name},
                               {QStringLiteral("color"), c.color},
                               {QStringLiteral("price_cents"), c.priceCents}});
    return out;
}

// Only what changed: `before` and `after` name the same keys.
void recordChange(db::Tx &tx,
                  const Principal &manager,
                  const QString &action,
                  const QString &eventId,
                  const QVariantMap &before,
                  const QVariantMap &after)
{
    db::AuditEntry entry{.actor = manager.subject,
                         .action = action,
                         .eventId = eventId,
                         .subject = eventId};
    for (auto it = after.begin(); it != after.end(); ++it) {
        if (before.value(it.key()) == it.value())
            continue;
        entry.before.insert(it.key(), before.value(it.key()));
        entry.after.insert(it.key(), it.value());
    }
    for (auto it = before.begin(); it != before.end(); ++it) {
        if (!after.contains(it.key()))
            entry.before.insert(it.key(), it.value());
    }
    if (!entry.before.isEmpty() || !entry.after.isEmpty())
        db::AuditRepository::record(tx, entry);
}

QByteArray eventDocument(db::Tx &tx, const QString &eventId)
{
    return db::CatalogRepository::event(tx, eventId).value_or(QByteArray());
}

} // namespace

EventAdmin::EventAdmin(db::Database &database, const Fulfilment &fulfilment)
    : m_database(database)
    , m_fulfilment(fulfilment)
    , m_refunds(fulfilment)
{}

Result<EventDocument> EventAdmin::update(const Principal &manager,
                                         const QString &eventId,
                                         int expectedVersion,
                                         const EventPatch &patch)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        QByteArray document;
        m_database.transact([&](db::Tx &tx) {
            const EventSettings current = lockEventForChange(tx, eventId, expectedVersion);
            if (patch.venueId && *patch.venueId != current.venueId) {
                if (EventAdminRepository::hasSales(tx, eventId))
                    throw Error(ErrorCode::EventHasSales,
                                QStringLiteral("seats of this event were held or sold: it stays "
                                               "at its venue (cancel it and create a new one)"),
                                ErrorDetails{.field = QStringLiteral("venue_id")});
                throw Error::invalidField(QStringLiteral("venue_id"),
                                          QStringLiteral("an event keeps its venue: create a new "
                                                         "event at the other venue"));
            }
            const EventSettings next = applied(current, patch);
            checkTimes(next, current);
            if (patch.categories)
                checkCategories(tx, current, *patch.categories);
            const int version = EventAdminRepository::update(tx, next);
            // Switched off: the seats kept for the list go on sale, standing offers stay.
            if (current.waitingListEnabled && !next.waitingListEnabled)
                db::WaitingListRepository::offer(tx, eventId);
            if (patch.categories && *patch.categories != current.categories) {
                EventAdminRepository::replaceCategories(tx, eventId, *patch.categories);
                recordChange(tx,
                             manager,
                             QStringLiteral("prices.update"),
                             eventId,
                             pricesView(current.categories),
                             pricesView(*patch.categories));
            }
            recordChange(tx,
                         manager,
                         QStringLiteral("event.update"),
                         eventId,
                         auditView(current),
                         auditView(next));
            if (next.startsAt != current.startsAt) {
                // Tickets stay valid; every fan with a paid order hears of the new date once.
                const int mailed = EventAdminRepository::queueNotices(tx,
                                                                      eventId,
                                                                      QStringLiteral("rescheduled"),
                                                                      u"-v"_qs
                                                                          + QString::number(
                                                                              version));
                db::OutboxRepository::record(tx,
                                             events::EventRescheduled{eventId,
                                                                      next.startsAt,
                                                                      mailed});
            }
            document = eventDocument(tx, eventId);
        });
        return EventDocument{eventId, document};
    });
}

Result<CancelledEvent> EventAdmin::cancel(const Principal &manager,
                                          const QString &eventId,
                                          int expectedVersion,
                                          const QString &reason)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        CancelledEvent out;
        m_database.transact([&](db::Tx &tx) {
            lockEventForChange(tx, eventId, expectedVersion);
            // First: from here on the holds and orders triggers refuse the event.
            EventAdminRepository::markCancelled(tx, eventId, reason);
            // Orders still waiting for payment end; a payment that arrives later goes back.
            EventAdminRepository::cancelPendingOrders(tx,
                                                      eventId,
                                                      QStringLiteral("event cancelled"));
            out.fansMailed = EventAdminRepository::queueNotices(tx,
                                                                eventId,
                                                                QStringLiteral("cancelled"),
                                                                QString());
            for (const db::PaidOrder &order : EventAdminRepository::lockPaidOrders(tx, eventId)) {
                if (order.channel == u"online" && order.validTickets > 0) {
                    const Refund refund = m_refunds.run(tx, manager, order.id, std::nullopt);
                    out.ticketsRevoked += int(refund.ticketIds.size());
                    out.refundsQueued += refund.amountCents > 0 ? 1 : 0;
                    continue;
                }
                // The counter pays its own sales back (cash, card terminal): listed for it.
                const QList<Ticket> voided = EventAdminRepository::voidOrder(
                    tx,
                    order.id,
                    QStringLiteral("cancelled"),
                    QStringLiteral("event cancelled: to be paid back at the counter"));
                m_fulfilment.release(tx, eventId, voided);
                out.ticketsRevoked += int(voided.size());
                const qint64 due = order.amountCents - order.refundedCents;
                if (order.channel != u"online" && due > 0)
                    out.counterOrders.append(
                        CounterRefundDue{order.id, due, order.contactName, order.contactEmail});
            }
            db::AuditRepository::record(tx,
                                        db::AuditEntry{.actor = manager.subject,
                                                       .action = QStringLiteral("event.cancel"),
                                                       .eventId = eventId,
                                                       .subject = eventId,
                                                       .before = {},
                                                       .after = {{QStringLiteral("reason"), reason},
                                                                 {QStringLiteral("refunds_queued"),
                                                                  out.refundsQueued},
                                                                 {QStringLiteral("tickets_revoked"),
                                                                  out.ticketsRevoked}}});
            out.event = eventDocument(tx, eventId);
        });
        return out;
    });
}

Result<AssignedSeats> EventAdmin::assignCategory(const Principal &manager,
                                                 const QString &eventId,
                                                 int expectedVersion,
                                                 const SeatCategoryAssignment &assignment)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        AssignedSeats out;
        m_database.transact([&](db::Tx &tx) {
            const EventSettings current = lockEventForChange(tx, eventId, expectedVersion);
            const bool known = std::any_of(current.categories.begin(),
                                           current.categories.end(),
                                           [&](const PriceCategory &c) {
                                               return c.id == assignment.category;
                                           });
            if (!known)
                throw Error::invalidField(QStringLiteral("category"),
                                          QStringLiteral("this event has no price category %1: "
                                                         "add it to the prices first")
                                              .arg(assignment.category));
            const QStringList unknown = EventAdminRepository::unknownPlaces(tx,
                                                                            eventId,
                                                                            assignment.seats,
                                                                            assignment.sections);
            if (!unknown.isEmpty())
                throw Error(ErrorCode::InvalidField,
                            QStringLiteral("%1 of the seats or sections are not in this event's "
                                           "hall")
                                .arg(unknown.size()),
                            ErrorDetails{.seats = unknown, .field = QStringLiteral("seats")});
            const db::SeatCategoryChange change = EventAdminRepository::recategorize(
                tx, eventId, assignment.seats, assignment.sections, assignment.category);
            out = AssignedSeats{int(change.seats.size()),
                                change.seats.isEmpty() ? current.version : change.version};
            if (!change.seats.isEmpty())
                db::AuditRepository::record(
                    tx,
                    db::AuditEntry{.actor = manager.subject,
                                   .action = QStringLiteral("seat_categories.assign"),
                                   .eventId = eventId,
                                   .subject = eventId,
                                   .before = {},
                                   .after = {{QStringLiteral("category"), assignment.category},
                                             {QStringLiteral("seats"), int(change.seats.size())},
                                             {QStringLiteral("sections"), assignment.sections}}});
        });
        return out;
    });
}

Result<EventDocument> EventAdmin::duplicate(const Principal &manager,
                                            const QString &eventId,
                                            const EventCopy &copy)
{
    return resultOf([&] {
        if (!isUuid(eventId))
            throw noSuchEvent();
        QString id;
        QByteArray document;
        m_database.transact([&](db::Tx &tx) {
            const auto source = EventAdminRepository::lock(tx, eventId);
            if (!source)
                throw noSuchEvent();
            const QDateTime startsAt = copy.startsAt.value_or(source->startsAt);
            if (startsAt <= QDateTime::currentDateTimeUtc())
                throw Error::invalidField(QStringLiteral("starts_at"),
                                          QStringLiteral("the copy must start in the future"));
            const QString title = copy.title.value_or(source->title);
            id = EventAdminRepository::duplicate(tx, eventId, title, startsAt, manager.subject);
            db::AuditRepository::record(tx,
                                        db::AuditEntry{.actor = manager.subject,
                                                       .action = QStringLiteral("event.duplicate"),
                                                       .eventId = id,
                                                       .subject = eventId,
                                                       .before = {},
                                                       .after = {{QStringLiteral("source"), eventId},
                                                                 {QStringLiteral("title"), title},
                                                                 {QStringLiteral("starts_at"),
                                                                  timeText(startsAt)}}});
            document = eventDocument(tx, id);
        });
        return EventDocument{id, document};
    });
}

} // namespace boxoffice::server::domain
