// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auth/role.h"

#include <QString>

namespace boxoffice::server::domain {

/// The authenticated caller: the token's `sub` and role.
struct Principal
{
    QString subject;
    auth::Role role = auth::Role::Fan;
    /// The token's `exp` (seconds since the epoch; 0: unknown). Long-lived sessions (the
    /// WebSocket) check the token again once it is reached.
    qint64 expiresAtSecs = 0;
    /// The token's `sv`: the account's session version when it was issued (0 when absent).
    int sessionVersion = 0;
};

} // namespace boxoffice::server::domain
