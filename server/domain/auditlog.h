// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/auditentry.h"
#include "result.h"

#include <QList>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// One page of GET /audit: newest first; `nextBefore` is the `before` of the next (older)
/// page, 0 when this page is the last.
struct AuditPage
{
    QList<db::AuditEntry> items;
    qint64 nextBefore = 0;
};

/// Reads the audit trail (written by each change's own transaction, db::AuditRepository).
class AuditLog
{
public:
    static constexpr int kDefaultLimit = 50;
    static constexpr int kMaxLimit = 200;

    explicit AuditLog(db::Database &database);

    /// `query.limit` in 1..kMaxLimit (the codec checks it).
    Result<AuditPage> page(const db::AuditQuery &query);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
