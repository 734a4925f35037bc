#pragma once

#include "auth/role.h"

#include <QString>

namespace boxoffice::server::domain {

/// The authenticated caller: the token's `sub` and role.
struct Principal
{
    QString subject;
    auth::Role role = auth::Role::Fan;
};

} // namespace boxoffice::server::domain
