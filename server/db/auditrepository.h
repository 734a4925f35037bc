// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/auditentry.h"

#include <QList>

namespace boxoffice::server::db {

class Tx;

/// The audit trail: written in the transaction of the change it records, so a line exists
/// exactly when the change does.
class AuditRepository
{
public:
    static void record(Tx &tx, const AuditEntry &entry);
    static QList<AuditEntry> list(Tx &tx, const AuditQuery &query);
};

} // namespace boxoffice::server::db
