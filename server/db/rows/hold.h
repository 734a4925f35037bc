// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Holds as stored and as domain uses them (db owns these rows; domain/hold.h names them).

#include <QDateTime>
#include <QStringList>

#include <core/protocol/hold.h>

namespace boxoffice::server::db {

/// What a buyer asks for: exactly `seats`, or `quantity` best seats in `section`, or `quantity`
/// places in GA zone `ga`. Exactly one of the three forms is set.
struct HoldRequest
{
    QString eventId;
    QStringList seats;
    QString section;
    QString ga;
    int quantity = 0;
    /// The event a verified admission token of the caller admits to (set by the transport from
    /// X-Admission-Token or the WS `admission_token`; not part of the request body).
    QString admittedEventId;
    /// A clerk's hold on seats of this allocation (seats held back for a partner that a manager
    /// lets the counter sell); empty for every other hold. Goes with `seats` only.
    QString allocation;
    /// A code that opens the seats of an allocation to whoever has it (a fan online too);
    /// goes with `seats` only, never with `allocation`.
    QString voucher;
};

/// A hold as the API shows it (the wire type), with what only the server keeps.
struct Hold : protocol::Hold
{
    QString owner;
    QString storedStatus; ///< the row's status (an active row may be past its expiry)
    /// Time left until expiresAt by the database's clock when the hold was read or created; -1
    /// when not known. Redis leases take their time from it, not from this server's clock.
    qint64 remainingMs = -1;
};

/// The per-event rules that apply to a hold.
struct EventRules
{
    int holdSeconds = 600;
    int maxSeatsPerUser = 10;
    int maxHoldsPerUser = 3;
    bool queueEnabled = false;
    bool onSale = true; ///< on_sale_at has passed (by the database's clock)
};

/// What a user has on an event right now: live held + bought seats/places, and live holds.
struct UserUsage
{
    int seats = 0;
    int holds = 0;
};

} // namespace boxoffice::server::db
