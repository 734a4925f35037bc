// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace boxoffice::server::auth {

/// Who may do what: fans buy, door staff scan tickets, clerks sell at the counter, managers run
/// events, admins everything.
enum class Role { Fan, Door, Clerk, Manager, Admin };

/// `fan|door|clerk|manager|admin`, or nullopt for anything else.
std::optional<Role> roleFromString(QStringView text);
/// The role's wire name.
QString roleName(Role role);
/// True when `have` includes the rights of `need` (fan < door < clerk < manager < admin).
inline bool hasRole(Role have, Role need)
{
    return static_cast<int>(have) >= static_cast<int>(need);
}

} // namespace boxoffice::server::auth
