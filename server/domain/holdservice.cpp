// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdservice.h"

#include "allocationholds.h"
#include "auth/role.h"
#include "bestavailable.h"
#include "db/allocationholdrepository.h"
#include "db/database.h"
#include "db/gazonerepository.h"
#include "db/holdrepository.h"
#include "db/idempotencyrepository.h"
#include "db/outboxrepository.h"
#include "db/requestfingerprintcodec.h"
#include "db/voucherrepository.h"
#include "events/holdevents.h"
#include "holdgroupcommit.h"
#include "vouchers.h"

#include <QLoggingCategory>
#include <QSet>
#include <QUuid>

namespace boxoffice::server::domain {

Q_LOGGING_CATEGORY(lcHolds, "boxoffice.holds")

using db::GaZoneRepository;
using db::HoldRepository;
using db::OutboxRepository;
using db::VoucherRepository;

namespace {

bool isUuid(const QString &text)
{
    return !QUuid::fromString(text).isNull() && text.size() == 36;
}

// Which per-user limit the request would break, with the figures API.md asks for.
Error limitError(const EventRules &rules, const UserUsage &usage)
{
    const bool holds = usage.holds + 1 > rules.maxHoldsPerUser;
    const int limit = holds ? rules.maxHoldsPerUser : rules.maxSeatsPerUser;
    return Error(ErrorCode::LimitExceeded,
                 holds ? QStringLiteral("at most %1 holds at a time on this event").arg(limit)
                       : QStringLiteral("at most %1 seats per user on this event").arg(limit),
                 ErrorDetails{.limit = limit,
                              .current = holds ? usage.holds : usage.seats,
                              .limitName = holds ? QStringLiteral("max_holds_per_user")
                                                 : QStringLiteral("max_seats_per_user")});
}

Error notOnSale()
{
    return Error(ErrorCode::NotOnSale, QStringLiteral("the sale of this event has not opened yet"));
}

Error admissionRequired()
{
    return Error(ErrorCode::AdmissionRequired,
                 QStringLiteral(
                     "this event has a queue: join it and hold with your admission token"));
}

// The event's rules for the caller's hold (its per-user lock taken): the event exists, its sale
// has opened, and the waiting room admitted the caller if it has one.
EventRules lockedRules(db::Tx &tx, const Principal &caller, const HoldRequest &request)
{
    const auto rules = HoldRepository::lockUserOnEvent(tx, request.eventId, caller.subject);
    if (!rules)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (!rules->onSale)
        throw notOnSale();
    if (rules->queueEnabled && request.admittedEventId != request.eventId)
        throw admissionRequired();
    return *rules;
}

// The request's canonical text for the idempotency store: the bytes it has always hashed.
QByteArray requestFingerprint(const HoldRequest &request)
{
    return db::requestFingerprintBytes(db::HoldFingerprint{request.eventId,
                                                           request.seats,
                                                           request.section,
                                                           request.ga,
                                                           request.quantity,
                                                           request.allocation,
                                                           request.voucher});
}

// Seats named by a fan or clerk on sale to all: the fast paths (memory, one statement) may
// answer; an allocation's seats, or those a code opens, are never free to anyone else.
bool seatsOnSale(const HoldRequest &request)
{
    return !request.seats.isEmpty() && request.allocation.isEmpty() && request.voucher.isEmpty();
}

} // namespace

Error saleRefusal(db::HoldOutcome why)
{
    switch (why) {
    case db::HoldOutcome::SalePaused:
        return Error(ErrorCode::SalePaused,
                     QStringLiteral("the sale of this event is paused; try again later"));
    case db::HoldOutcome::EventCancelled:
        return Error(ErrorCode::EventCancelled, QStringLiteral("this event is cancelled"));
    case db::HoldOutcome::OffSale:
        return Error(ErrorCode::OffSale, QStringLiteral("the sale of this event is over"));
    default:
        return notOnSale();
    }
}

HoldService::HoldService(db::Database &database, AnswerCodec<Hold> answers)
    : m_database(database)
    , m_idempotency(database)
    , m_answers(std::move(answers))
    , m_batcher(
          std::make_unique<HoldGroupCommit>(database, HoldGroupCommit::Options::fromEnvironment()))
{}

Result<Hold> HoldService::create(const Principal &caller,
                                 const HoldRequest &request,
                                 const std::optional<QString> &idempotencyKey,
                                 const QString &holdId)
{
    try {
        Result<Hold> hold = createCounted(caller, request, idempotencyKey, holdId);
        count(hold ? QStringLiteral("created") : errorCodeName(hold.error().code()));
        return hold;
    } catch (...) {
        count(QStringLiteral("unavailable"));
        throw;
    }
}

HoldService::~HoldService() = default;

void HoldService::count(const QString &result)
{
    QMutexLocker locker(&m_countersMutex);
    ++m_results[result];
}

QList<QPair<QString, quint64>> HoldService::results() const
{
    QMutexLocker locker(&m_countersMutex);
    QList<QPair<QString, quint64>> out;
    for (auto it = m_results.begin(); it != m_results.end(); ++it)
        out.append({it.key(), it.value()});
    std::sort(out.begin(), out.end());
    return out;
}

Result<Hold> HoldService::createCounted(const Principal &caller,
                                        const HoldRequest &request,
                                        const std::optional<QString> &idempotencyKey,
                                        const QString &holdId)
{
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return error;
        }
    }
    if (!request.allocation.isEmpty() && !auth::hasRole(caller.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden,
                     QStringLiteral("only the counter sells an allocation's seats"));
    // Obvious conflicts are answered from memory (a keyed request goes to the database, which
    // may hold a stored answer to replay). An allocation's seats are never in that memory free.
    if (!idempotencyKey && seatsOnSale(request)) {
        const QStringList taken = m_recentlyTaken.taken(request.eventId, request.seats);
        if (!taken.isEmpty())
            return Error(ErrorCode::SeatUnavailable,
                         QStringLiteral("%1 of %2 seats are taken")
                             .arg(taken.size())
                             .arg(request.seats.size()),
                         ErrorDetails{.seats = taken});
    }
    const Result<Hold> hold = createOnce(caller, request, idempotencyKey, holdId);
    // Taken seats are refused from memory for the hold's time by the database's clock.
    if (hold)
        m_recentlyTaken.mark(request.eventId, hold->seats, hold->remainingMs);
    else if (hold.error().code() == ErrorCode::SeatUnavailable)
        m_recentlyTaken.mark(request.eventId, hold.error().details().seats, 1000);
    return hold;
}

Result<Hold> HoldService::createOnce(const Principal &caller,
                                     const HoldRequest &request,
                                     const std::optional<QString> &idempotencyKey,
                                     const QString &holdId)
{
    if (!idempotencyKey && seatsOnSale(request)) {
        // One statement in autocommit: no BEGIN/COMMIT round trips (see hold_seats()).
        try {
            if (!isUuid(request.eventId))
                throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
            return holdSeats(nullptr, caller.subject, request, holdId);
        } catch (const Error &error) {
            return error;
        }
    }
    const auto run = [&](const QString &id) {
        return m_idempotency.run<Hold>(caller.subject,
                                       QStringLiteral("hold.create"),
                                       idempotencyKey,
                                       requestFingerprint(request),
                                       m_answers,
                                       [&](db::Tx &tx) {
                                           return createInTx(tx, caller, request, id);
                                       });
    };
    try {
        return run(holdId);
    } catch (const db::HoldIdTaken &) {
        // Rolled back with its key claim: the same request under an id the database picks.
        return run(QString());
    }
}

Hold HoldService::createInTx(db::Tx &tx,
                             const Principal &caller,
                             const HoldRequest &request,
                             const QString &holdId)
{
    if (!isUuid(request.eventId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (!request.allocation.isEmpty())
        return holdFromAllocation(tx, caller.subject, request, holdId);
    if (!request.voucher.isEmpty())
        return holdWithCode(tx, caller, request, holdId);
    if (!request.seats.isEmpty())
        return holdSeats(&tx, caller.subject, request, holdId);
    const auto rules = lockedRules(tx, caller, request);

    const int wanted = request.quantity;
    HoldRequest stored = request;
    stored.seats.clear(); // best-available fills them once picked
    db::HoldAttempt attempt;
    try {
        attempt = HoldRepository::insertHold(tx, stored, caller.subject, rules, wanted);
    } catch (const db::SaleRefused &refused) {
        throw saleRefusal(refused.outcome);
    }
    if (!attempt.hold)
        throw limitError(rules, attempt.usage);
    Hold hold = *attempt.hold;
    if (!request.section.isEmpty())
        holdBestAvailable(tx, hold, request);
    else
        holdGa(tx, hold, request);
    return hold;
}

// Seats of the allocation a code opens (docs/pricing.md): the waiting room and the caller's
// limits as for any hold, the allocation's seats as for the counter, and the code checked (its
// window, event and uses, in all and by this fan) with the hold in this transaction. The code
// stays on the hold, which may then be ordered online.
Hold HoldService::holdWithCode(db::Tx &tx,
                               const Principal &caller,
                               const HoldRequest &request,
                               const QString &holdId)
{
    const auto voucher = VoucherRepository::find(tx, request.voucher);
    if (!voucher || voucher->disabled || voucher->allocation.isEmpty()
        || !voucher->eventIds.contains(request.eventId, Qt::CaseInsensitive))
        throw Error(ErrorCode::VoucherNotApplicable,
                    QStringLiteral("code %1 opens no seats of this event").arg(request.voucher));
    const auto rules = lockedRules(tx, caller, request);
    const UserUsage usage = HoldRepository::usage(tx, request.eventId, caller.subject);
    if (usage.holds + 1 > rules.maxHoldsPerUser
        || usage.seats + request.seats.size() > rules.maxSeatsPerUser)
        throw limitError(rules, usage);
    HoldRequest fromAllocation = request;
    fromAllocation.allocation = voucher->allocation;
    Hold hold;
    try {
        hold = holdFromAllocation(tx, caller.subject, fromAllocation, holdId, true);
    } catch (const Error &error) {
        if (error.code() != ErrorCode::NotFound)
            throw;
        throw Error(ErrorCode::VoucherNotApplicable,
                    QStringLiteral("code %1 opens no seats of this event").arg(request.voucher));
    }
    VoucherRepository::setOnHold(tx, hold.id, voucher->code, true);
    const QString channel = auth::hasRole(caller.role, auth::Role::Clerk)
                                ? QStringLiteral("box_office")
                                : QStringLiteral("online");
    db::Hold row;
    row.id = hold.id;
    row.eventId = hold.eventId;
    usableVoucher(tx, row, caller.subject, channel, false); // throws: nothing is kept
    return hold;
}

// In `tx` (a keyed request: the idempotency record shares the transaction), or in autocommit.
Hold HoldService::holdSeats(db::Tx *tx,
                            const QString &owner,
                            const HoldRequest &request,
                            const QString &holdId)
{
    // A stable order for row locks: two buyers of overlapping sets never deadlock.
    QStringList seats = request.seats;
    std::sort(seats.begin(), seats.end());
    const bool admitted = request.admittedEventId == request.eventId;
    const auto outcome
        = tx ? HoldRepository::holdSeats(*tx, request.eventId, owner, seats, admitted, holdId)
             : m_batcher->holdSeats(request.eventId, owner, seats, admitted, holdId);
    switch (outcome.outcome) {
    case db::HoldOutcome::Created:
        return *outcome.hold;
    case db::HoldOutcome::NotFound:
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    case db::HoldOutcome::NotOnSale:
    case db::HoldOutcome::SalePaused:
    case db::HoldOutcome::EventCancelled:
    case db::HoldOutcome::OffSale:
        throw saleRefusal(outcome.outcome);
    case db::HoldOutcome::AdmissionRequired:
        throw admissionRequired();
    case db::HoldOutcome::LimitExceeded:
        throw limitError(outcome.rules, outcome.usage);
    case db::HoldOutcome::SeatUnavailable:
        break;
    }
    QStringList unknown;
    QStringList unavailable;
    for (const QString &seat : seats) {
        if (!outcome.found.contains(seat))
            unknown.append(seat);
        else if (!outcome.free.contains(seat))
            unavailable.append(seat);
    }
    if (!unknown.isEmpty())
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("unknown seats for this event: %1").arg(unknown.join(u", ")),
                    ErrorDetails{.seats = unknown});
    throw Error(ErrorCode::SeatUnavailable,
                QStringLiteral("%1 of %2 seats are taken").arg(unavailable.size()).arg(seats.size()),
                ErrorDetails{.seats = unavailable});
}

void HoldService::holdBestAvailable(db::Tx &tx, Hold &hold, const HoldRequest &request)
{
    if (!HoldRepository::sectionExists(tx, hold.eventId, request.section))
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("no section %1 in this event").arg(request.section));
    // Read without locks, then lock one candidate block with SKIP LOCKED: concurrent buyers who
    // picked the same block move on instead of queueing. Seats found locked by others are
    // remembered, so the next candidates avoid them even before those buyers commit.
    // Candidates overlap (a row's sliding windows), so one round can be spent on a single row
    // that others are taking: enough rounds to reach rows nobody is in, before saying "full".
    QSet<QString> lockedByOthers;
    for (int round = 0; round < 12; ++round) {
        auto seats = HoldRepository::sectionSeats(tx, hold.eventId, request.section);
        for (SectionSeat &seat : seats) {
            if (lockedByOthers.contains(seat.id))
                seat.free = false;
        }
        const auto candidates = bestAvailableCandidates(seats, request.quantity, 16);
        if (candidates.isEmpty())
            break;
        for (const QStringList &candidate : candidates) {
            QStringList sorted = candidate;
            std::sort(sorted.begin(), sorted.end());
            if (std::any_of(sorted.begin(), sorted.end(), [&](const QString &id) {
                    return lockedByOthers.contains(id);
                }))
                continue;
            const QStringList locked = HoldRepository::lockFreeSeats(tx, hold.eventId, sorted);
            if (locked.size() != sorted.size()) {
                for (const QString &id : sorted) {
                    if (!locked.contains(id))
                        lockedByOthers.insert(id);
                }
                continue;
            }
            const QStringList taken = HoldRepository::takeSeats(tx,
                                                                hold.eventId,
                                                                hold.id,
                                                                hold.owner,
                                                                sorted);
            if (taken.size() != sorted.size())
                continue; // cannot happen under our locks; be safe
            hold.seats = sorted;
            db::HoldRepository::setHoldSeats(tx, hold.id, sorted);
            OutboxRepository::record(tx,
                                     events::HoldPlaced{.eventId = hold.eventId,
                                                        .holdId = hold.id,
                                                        .seats = sorted});
            return;
        }
    }
    throw Error(ErrorCode::InsufficientCapacity,
                QStringLiteral("no %1 seats available in section %2")
                    .arg(request.quantity)
                    .arg(request.section));
}

void HoldService::holdGa(db::Tx &tx, Hold &hold, const HoldRequest &request)
{
    // Zone row lock first, always: it orders every GA change on the zone.
    const auto zone = GaZoneRepository::lockGaZone(tx, hold.eventId, request.ga);
    if (!zone)
        throw Error(ErrorCode::BadRequest,
                    QStringLiteral("no GA zone %1 in this event").arg(request.ga));
    const int reclaimed = GaZoneRepository::reclaimExpiredGa(tx, hold.eventId, request.ga);
    OutboxRepository::record(tx, events::GaHoldsExpired{hold.eventId, request.ga, reclaimed});
    if (!GaZoneRepository::takeGa(tx, hold.eventId, request.ga, request.quantity))
        throw Error(ErrorCode::InsufficientCapacity,
                    QStringLiteral("GA zone %1 cannot take %2 more")
                        .arg(request.ga)
                        .arg(request.quantity));
    GaZoneRepository::insertHoldGa(tx, hold.id, hold.eventId, request.ga, request.quantity);
    OutboxRepository::record(tx,
                             events::HoldPlaced{.eventId = hold.eventId,
                                                .holdId = hold.id,
                                                .gaZone = request.ga,
                                                .gaQuantity = request.quantity});
}

Result<Hold> HoldService::find(const Principal &caller, const QString &holdId)
{
    return resultOf([&] { return findHold(caller, holdId); });
}

Result<Hold> HoldService::release(const Principal &caller, const QString &holdId)
{
    return resultOf([&] { return releaseHold(caller, holdId); });
}

Hold HoldService::findHold(const Principal &caller, const QString &holdId)
{
    if (!isUuid(holdId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    std::optional<Hold> hold;
    m_database.transact([&](db::Tx &tx) { hold = HoldRepository::findHold(tx, holdId, false); });
    if (!hold || hold->owner != caller.subject) // others' holds do not exist for the caller
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    return *hold;
}

Hold HoldService::releaseHold(const Principal &caller, const QString &holdId)
{
    if (!isUuid(holdId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    std::optional<Hold> found;
    QString releasedEvent;
    QStringList released;
    m_database.transact([&](db::Tx &tx) {
        const auto peek = HoldRepository::findHold(tx, holdId, false);
        if (!peek || peek->owner != caller.subject)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
        found = peek;
        if (!peek->gaId.isEmpty()) // same lock order as holdGa: zone, then hold
            GaZoneRepository::lockGaZone(tx, peek->eventId, peek->gaId);
        const auto hold = HoldRepository::findHold(tx, holdId, true);
        if (hold->storedStatus == u"ordered")
            throw Error(ErrorCode::HoldExpired, QStringLiteral("the hold belongs to an order"));
        if (hold->storedStatus != u"active")
            return; // released or swept already: releasing again changes nothing
        if (!hold->allocation.isEmpty()) { // its seats were never for anyone else
            releasedEvent = hold->eventId;
            released = returnToAllocation(tx, *hold);
            HoldRepository::setHoldStatus(tx, holdId, QStringLiteral("released"));
            return;
        }
        // An active row past its expiry still owns what nobody took over: free that now.
        const QStringList freed = HoldRepository::releaseSeats(tx, hold->eventId, holdId);
        releasedEvent = hold->eventId;
        released = freed;
        if (!hold->gaId.isEmpty())
            GaZoneRepository::returnGa(tx, hold->eventId, hold->gaId, hold->gaQuantity);
        HoldRepository::setHoldStatus(tx, holdId, QStringLiteral("released"));
        OutboxRepository::record(tx,
                                 events::HoldReleased{hold->eventId,
                                                      holdId,
                                                      freed,
                                                      hold->gaId,
                                                      hold->gaQuantity});
    });
    m_recentlyTaken.forget(releasedEvent, released);
    return *found;
}

int HoldService::sweep()
{
    int expired = 0;
    QList<QPair<QString, QString>> zones;
    m_database.transact([&](db::Tx &tx) {
        if (!HoldRepository::trySweeperLock(tx))
            return;
        expired = HoldRepository::sweepSeatHolds(tx, 1000);
        expired += db::AllocationHoldRepository::sweep(tx, 1000);
        zones = HoldRepository::zonesWithExpiredHolds(tx, 100);
        db::IdempotencyRepository::purgeExpired(tx);
    });
    for (const auto &zone : zones) {
        // Not a structured binding: clang 14 (the fuzz build) cannot capture those.
        const QString &eventId = zone.first;
        const QString &gaId = zone.second;
        m_database.transact([&](db::Tx &tx) {
            GaZoneRepository::lockGaZone(tx, eventId, gaId);
            const int returned = GaZoneRepository::reclaimExpiredGa(tx, eventId, gaId);
            OutboxRepository::record(tx, events::GaHoldsExpired{eventId, gaId, returned});
        });
    }
    if (expired > 0)
        qCDebug(lcHolds) << "sweeper expired" << expired << "holds";
    return expired;
}

} // namespace boxoffice::server::domain
