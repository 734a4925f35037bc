// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"

#include "db/auditrepository.h"
#include "db/database.h"

namespace boxoffice::server::domain {

AuditLog::AuditLog(db::Database &database)
    : m_database(database)
{}

Result<AuditPage> AuditLog::page(const db::AuditQuery &query)
{
    // One line more than asked tells whether an older page exists.
    db::AuditQuery probe = query;
    probe.limit = query.limit + 1;
    AuditPage page;
    m_database.transact([&](db::Tx &tx) { page.items = db::AuditRepository::list(tx, probe); });
    if (page.items.size() > query.limit) {
        page.items.resize(query.limit);
        page.nextBefore = page.items.constLast().id;
    }
    return page;
}

} // namespace boxoffice::server::domain
