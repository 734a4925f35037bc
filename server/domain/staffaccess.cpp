// SPDX-License-Identifier: GPL-3.0-or-later
#include "staffaccess.h"

#include "core/unavailable.h"
#include "db/database.h"
#include "db/staffrepository.h"

namespace boxoffice::server::domain {

StaffAccess::StaffAccess(const std::string &url, int connections)
    : m_database(std::make_unique<db::Database>(url, connections))
    , m_connections(connections)
{}

StaffAccess::~StaffAccess() = default;

std::optional<auth::Role> StaffAccess::allowedRole(const QString &subject,
                                                   auth::Role tokenRole) const
{
    std::optional<db::AccountState> state;
    const auto read = [&](db::Tx &tx) { state = db::StaffRepository::state(tx, subject); };
    // Cut connections (a restart, a failover) are dropped as they fail: with every pooled one
    // cut, the last try is on a fresh connection. A database that is really gone answers 503.
    for (int attempt = 0;; ++attempt) {
        try {
            m_database->autocommit(read);
            break;
        } catch (const Unavailable &) {
            if (attempt >= m_connections)
                throw;
        }
    }
    if (!state)
        return tokenRole;
    const auto accountRole = auth::roleFromString(state->role);
    if (state->disabled || !accountRole || *accountRole == auth::Role::Fan)
        return std::nullopt;
    return auth::hasRole(tokenRole, *accountRole) ? *accountRole : tokenRole;
}

} // namespace boxoffice::server::domain
