// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbacks.h"

#include "events/inventoryevents.h"
#include "ids.h"
#include "ruletransaction.h"

#include "db/allocationholdrepository.h"
#include "db/auditrepository.h"
#include "db/holdbackrepository.h"
#include "db/outboxrepository.h"

#include <QSet>

#include <stdexcept>

namespace boxoffice::server::domain {

using db::HoldbackRepository;

namespace {

Error noSuchEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
}

void requireEvent(db::Tx &tx, const QString &eventId)
{
    if (!isUuid(eventId) || !HoldbackRepository::eventExists(tx, eventId))
        throw noSuchEvent();
}

// Locks the requested seats; invalid_field `seats` naming those the event does not have.
QList<db::LockedSeat> lockAll(db::Tx &tx, const QString &eventId, const QStringList &seats)
{
    const QList<db::LockedSeat> locked = HoldbackRepository::lockSeats(tx, eventId, seats);
    if (locked.size() == seats.size())
        return locked;
    QSet<QString> found;
    for (const db::LockedSeat &seat : locked)
        found.insert(seat.seatId);
    ErrorDetails details;
    details.field = QStringLiteral("seats");
    for (const QString &seat : seats)
        if (!found.contains(seat))
            details.seats.append(seat);
    throw Error(ErrorCode::InvalidField, QStringLiteral("no such seat in this event"), details);
}

QVariantList seatsJson(const QList<db::HeldBackSeat> &seats)
{
    QVariantList out;
    for (const db::HeldBackSeat &seat : seats) {
        QVariantMap item{{QStringLiteral("seat_id"), seat.seatId},
                         {QStringLiteral("kind"), seat.kind}};
        if (!seat.allocation.isEmpty())
            item.insert(QStringLiteral("allocation"), seat.allocation);
        out.append(item);
    }
    return out;
}

} // namespace

Result<int> Holdbacks::holdBack(const Principal &actor,
                                const QString &eventId,
                                const HoldbackRequest &request)
{
    return resultInTransaction<int>(m_database, [&](db::Tx &tx) {
        requireEvent(tx, eventId);
        const QList<db::LockedSeat> locked = lockAll(tx, eventId, request.seats);
        // Read after the locks: a manager who held them before has committed by now.
        QSet<QString> heldBackNow;
        const QList<db::HeldBackSeat> before = HoldbackRepository::heldBack(tx,
                                                                            eventId,
                                                                            request.seats);
        for (const db::HeldBackSeat &seat : before)
            heldBackNow.insert(seat.seatId);
        QStringList fresh, taken;
        for (const db::LockedSeat &seat : locked) {
            if (seat.status == u"available")
                fresh.append(seat.seatId);
            else if (seat.status != u"blocked" || !heldBackNow.contains(seat.seatId))
                taken.append(seat.seatId); // held, sold, or blocked by hand
        }
        if (!taken.isEmpty()) {
            ErrorDetails details;
            details.seats = taken;
            throw Error(ErrorCode::SeatUnavailable,
                        QStringLiteral("seats held or sold cannot be held back"),
                        details);
        }
        if (request.kind == u"allocation")
            HoldbackRepository::ensureAllocation(tx, eventId, request.allocation);
        HoldbackRepository::upsert(tx,
                                   eventId,
                                   request.seats,
                                   {QString(), request.kind, request.allocation},
                                   actor.subject);
        if (HoldbackRepository::block(tx, eventId, fresh) != fresh.size())
            throw std::logic_error("holdback: a locked free seat could not be blocked");
        db::OutboxRepository::record(tx, events::SeatsHeldBack{eventId, fresh});
        QVariantMap after{{QStringLiteral("seats"), request.seats},
                          {QStringLiteral("kind"), request.kind}};
        if (!request.allocation.isEmpty())
            after.insert(QStringLiteral("allocation"), request.allocation);
        QVariantMap was;
        if (!before.isEmpty())
            was.insert(QStringLiteral("held_back"), seatsJson(before));
        db::AuditRepository::record(tx,
                                    {0,
                                     {},
                                     actor.subject,
                                     QStringLiteral("holdback.add"),
                                     eventId,
                                     QStringLiteral("holdbacks"),
                                     was,
                                     after});
        return int(request.seats.size());
    });
}

Result<int> Holdbacks::release(const Principal &actor,
                               const QString &eventId,
                               const HoldbackRelease &request)
{
    return resultInTransaction<int>(m_database, [&](db::Tx &tx) {
        requireEvent(tx, eventId);
        QStringList seats = request.seats;
        if (!seats.isEmpty()) {
            lockAll(tx, eventId, seats); // unknown seats are refused
        } else {
            // By kind: the seats found, locked, then read again under their locks (another
            // manager may have given one another kind, or released it, meanwhile).
            const QStringList found = HoldbackRepository::seatsOfKind(tx,
                                                                      eventId,
                                                                      request.kind,
                                                                      request.allocation);
            HoldbackRepository::lockSeats(tx, eventId, found);
            for (const db::HeldBackSeat &seat : HoldbackRepository::heldBack(tx, eventId, found))
                if (seat.kind == request.kind
                    && (request.allocation.isEmpty() || seat.allocation == request.allocation))
                    seats.append(seat.seatId);
        }
        const QList<db::HeldBackSeat> released = HoldbackRepository::release(tx, eventId, seats);
        if (released.isEmpty())
            return 0;
        QStringList ids;
        for (const db::HeldBackSeat &seat : released)
            ids.append(seat.seatId);
        db::OutboxRepository::record(tx, events::HeldBackSeatsReleased{eventId, ids});
        db::AuditRepository::record(tx,
                                    {0,
                                     {},
                                     actor.subject,
                                     QStringLiteral("holdback.release"),
                                     eventId,
                                     QStringLiteral("holdbacks"),
                                     {{QStringLiteral("held_back"), seatsJson(released)}},
                                     {{QStringLiteral("seats"), ids},
                                      {QStringLiteral("status"), QStringLiteral("available")}}});
        return int(released.size());
    });
}

Result<HoldbackList> Holdbacks::list(const QString &eventId)
{
    return resultInTransaction<HoldbackList>(m_database, [&](db::Tx &tx) {
        requireEvent(tx, eventId);
        return HoldbackList{HoldbackRepository::list(tx, eventId),
                            HoldbackRepository::allocations(tx, eventId)};
    });
}

Result<QList<db::CounterAllocation>> Holdbacks::forCounter(const QString &eventId)
{
    return resultInTransaction<QList<db::CounterAllocation>>(m_database, [&](db::Tx &tx) {
        requireEvent(tx, eventId);
        return db::AllocationHoldRepository::forCounter(tx, eventId);
    });
}

Result<db::Allocation> Holdbacks::setCounterSale(const Principal &actor,
                                                 const QString &eventId,
                                                 const QString &name,
                                                 bool allowed)
{
    return resultInTransaction<db::Allocation>(m_database, [&](db::Tx &tx) {
        requireEvent(tx, eventId);
        auto allocation = HoldbackRepository::lockAllocation(tx, eventId, name);
        if (!allocation)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such allocation"));
        const bool was = allocation->counterSale;
        HoldbackRepository::setCounterSale(tx, eventId, name, allowed);
        allocation->counterSale = allowed;
        db::AuditRepository::record(tx,
                                    {0,
                                     {},
                                     actor.subject,
                                     QStringLiteral("allocation.update"),
                                     eventId,
                                     name,
                                     {{QStringLiteral("counter_sale"), was}},
                                     {{QStringLiteral("counter_sale"), allowed}}});
        return *allocation;
    });
}

} // namespace boxoffice::server::domain
