// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"
#include "result.h"

#include <QJsonObject>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

class SessionRevocations;

/// A fan's own data (docs/privacy.md): GET /me/data gathers everything held about them in one
/// document; DELETE /me erases the account. Erasure replaces every personal detail with the
/// account's tombstone (`erased-<id>@invalid`) in one transaction, ends every session at once
/// (the WebSocket's too), and keeps orders, payments, tickets and issued invoices as the
/// financial records they are.
class AccountData
{
public:
    /// `tokenLifetimeSeconds`: how long an access token lives (the erased name is kept in
    /// ended_sessions that long, so every server refuses its tokens).
    AccountData(db::Database &database,
                SessionRevocations &revocations,
                qint64 tokenLifetimeSeconds);

    /// GET /me/data: the caller's account, orders (lines, payments, billing, invoices),
    /// tickets, holds, transfers and mails. Staff: Forbidden.
    Result<QJsonObject> exportFor(const Principal &caller);
    /// DELETE /me: WrongPassword, AccountBusy (a live hold or an order awaiting payment),
    /// AccountHasTickets (valid tickets for a show still to come), Forbidden for staff.
    Result<bool> erase(const Principal &caller, const QString &password);

private:
    db::Database &m_database;
    SessionRevocations &m_revocations;
    qint64 m_tokenLifetimeSeconds;
};

} // namespace boxoffice::server::domain
