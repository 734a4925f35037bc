// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"
#include "result.h"

#include <QDateTime>
#include <QList>

#include <optional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// A staff account as GET /staff shows it.
struct StaffMember
{
    qint64 id = 0;
    QString username;
    QString role;
    bool disabled = false;
    QDateTime createdAt;
    QDateTime lastSignInAt; ///< invalid: never
};

/// POST /staff.
struct NewStaff
{
    QString username;
    QString role;
    QString password;
};

/// PATCH /staff/{id}: what to change; unset stays.
struct StaffPatch
{
    std::optional<bool> disabled;
    std::optional<QString> role;
    std::optional<QString> password;
};

/// One successful staff sign-in.
struct StaffSignIn
{
    QString username;
    QDateTime at;
    QString address;
};

/// The back office's staff accounts (docs/back-office.md, "Staff"). Every change writes its
/// audit line (staff.create, staff.update) in its own transaction, without any password.
///
/// Rules: only staff roles (door, clerk, manager; admin only when an admin asks) are made or
/// given; a manager may not touch an admin's account; nobody disables or re-roles themself
/// (the last manager cannot lock the venue out by a slip); a password is checked by the same
/// policy as fans' and hashed (scrypt) before any transaction opens.
class StaffService
{
public:
    explicit StaffService(db::Database &database);

    Result<QList<StaffMember>> list();
    /// 201's item; InvalidField (username, role, password), UsernameTaken, Forbidden.
    Result<StaffMember> create(const Principal &caller, const NewStaff &account);
    /// The item as it is now; NotFound (no such staff account), InvalidField, Forbidden.
    Result<StaffMember> update(const Principal &caller, qint64 id, const StaffPatch &patch);
    /// The newest `limit` sign-ins, newest first.
    Result<QList<StaffSignIn>> signIns(int limit);

private:
    db::Database &m_database;
};

} // namespace boxoffice::server::domain
