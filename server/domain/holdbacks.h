// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"
#include "result.h"

#include "db/rows/holdback.h"

#include <QList>
#include <QStringList>

namespace boxoffice::server::db {
class Database;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// PUT /events/{id}/holdbacks: seats to hold back as `kind` (kill, house, allocation; then
/// `allocation` names it).
struct HoldbackRequest
{
    QStringList seats; ///< distinct, sorted
    QString kind;
    QString allocation;
};

/// DELETE /events/{id}/holdbacks: the seats named, or every seat of `kind` (and `allocation`).
struct HoldbackRelease
{
    QStringList seats; ///< empty: by kind
    QString kind;
    QString allocation;
};

/// GET /events/{id}/holdbacks.
struct HoldbackList
{
    QList<db::HeldBackSeat> items;
    QList<db::Allocation> allocations;
};

/// Seats held back from sale: kills, house seats, partners' allocations. Each change is one
/// transaction with its outbox row (the seat map shows the seats blocked) and its audit line.
/// The caller is a manager (the controller checks the role); `actor` is the token's subject.
class Holdbacks
{
public:
    explicit Holdbacks(db::Database &database)
        : m_database(database)
    {}

    /// All or nothing: seat_unavailable (409, `seats`) when any is held or sold; invalid_field
    /// `seats` (422) when any is no seat of the event. A seat already held back takes the new
    /// kind. Answers how many seats the request held back.
    Result<int> holdBack(const Principal &actor, const QString &eventId, const HoldbackRequest &r);
    /// Releases the seats to sale; answers how many were held back (and now are not).
    Result<int> release(const Principal &actor, const QString &eventId, const HoldbackRelease &r);
    Result<HoldbackList> list(const QString &eventId);
    /// GET /events/{id}/allocations (clerks): the allocations the counter may sell, with their
    /// seats held back now; not_found for an unknown event.
    Result<QList<db::CounterAllocation>> forCounter(const QString &eventId);
    /// PATCH /events/{id}/allocations/{name}: not_found for an allocation the event lacks.
    Result<db::Allocation> setCounterSale(const Principal &actor,
                                          const QString &eventId,
                                          const QString &name,
                                          bool allowed);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
