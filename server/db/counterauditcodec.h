// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The counter's audit lines as stored: the domain's typed records in, the row's action,
// subject and `details` (jsonb) out. GET /audit shows `details` as the line's `after`
// (db/auditrepository), so its members keep their names.

#include "domain/events/counteraudit.h"

#include <QJsonObject>

namespace boxoffice::server::db {

/// One counter audit row as written.
struct CounterAuditRow
{
    QString actor;
    QString action;
    QString subject;
    QJsonObject details;
};

CounterAuditRow counterAuditRow(const domain::events::CounterAuditRecord &record);

} // namespace boxoffice::server::db
