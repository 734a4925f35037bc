// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One line of the audit trail as stored (db/auditrepository writes and reads it).

#include <QDateTime>
#include <QString>
#include <QVariantMap>

namespace boxoffice::server::db {

/// Who did what to which event, and the state before and after. `before`/`after` hold plain
/// values (strings, numbers, bools, lists and maps of them); the store keeps them as jsonb.
struct AuditEntry
{
    qint64 id = 0;      ///< set when read
    QDateTime at;       ///< set when read
    QString actor;      ///< the principal's subject (staff username or user id)
    QString action;     ///< dotted verb: event.update, holdback.add, staff.disable, ...
    QString eventId;    ///< empty when the action concerns no event (staff changes)
    QString subject;    ///< what was changed: an event, seat list, staff id, order id
    QVariantMap before; ///< empty for a creation
    QVariantMap after;  ///< empty for a removal
};

/// Which lines GET /audit lists: newest first, optionally of one event, older than `beforeId`.
struct AuditQuery
{
    QString eventId;
    QDateTime since;
    qint64 beforeId = 0; ///< 0: from the newest
    int limit = 100;
};

} // namespace boxoffice::server::db
