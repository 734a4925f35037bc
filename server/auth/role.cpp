// SPDX-License-Identifier: GPL-3.0-or-later
#include "role.h"

namespace boxoffice::server::auth {

std::optional<Role> roleFromString(QStringView text)
{
    if (text == u"fan")
        return Role::Fan;
    if (text == u"door")
        return Role::Door;
    if (text == u"clerk")
        return Role::Clerk;
    if (text == u"manager")
        return Role::Manager;
    if (text == u"admin")
        return Role::Admin;
    return std::nullopt;
}

QString roleName(Role role)
{
    switch (role) {
    case Role::Fan:
        return QStringLiteral("fan");
    case Role::Door:
        return QStringLiteral("door");
    case Role::Clerk:
        return QStringLiteral("clerk");
    case Role::Manager:
        return QStringLiteral("manager");
    case Role::Admin:
        return QStringLiteral("admin");
    }
    return QStringLiteral("fan");
}

} // namespace boxoffice::server::auth
