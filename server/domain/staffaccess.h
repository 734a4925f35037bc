// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/role.h"

#include <QString>

#include <memory>
#include <optional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// What the authenticator asks of every request with a staff token: is the account behind it
/// still allowed in, and with which role? One indexed read per staff request, on connections of
/// its own (so it never queues behind the sale's workers); fans never pay it. Reading the row
/// each time is what makes a disable take effect at once on every server of a cluster: no
/// cache, so no window between the PATCH's answer and the next refusal.
class StaffAccess
{
public:
    /// `url`: the primary (a standby could lag behind the PATCH that disabled the account).
    explicit StaffAccess(const std::string &url, int connections = 2);
    ~StaffAccess();

    /// The role the caller may act with: the lower of the token's and the account's (a
    /// demotion counts at once; a promotion from the next sign-in); nullopt when the account is
    /// disabled or no longer a staff account. A subject without a users row keeps the token's
    /// role: such tokens come only from whoever holds the signing key (`issue-token`, the
    /// tests' testToken), who could as well make a row, so refusing them protects nothing.
    /// Throws Unavailable when the database cannot answer (a 503, never a pass).
    std::optional<auth::Role> allowedRole(const QString &subject, auth::Role tokenRole) const;

private:
    std::unique_ptr<db::Database> m_database;
    int m_connections;
};

} // namespace boxoffice::server::domain
