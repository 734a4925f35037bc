// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace boxoffice::client {
struct ApiResult;
}

namespace boxoffice::app {

/// Staff accounts in the manager's words: roles, refusals and instants in this machine's clock.
class StaffWords
{
    Q_DECLARE_TR_FUNCTIONS(boxoffice::app::StaffWords)
public:
    /// "Clerk", "Manager", "Door staff", "Administrator".
    static QString role(const QString &role);
    /// Why a staff call failed (own account, admin-only, taken name, network, ...).
    static QString failure(const client::ApiResult &result);
    /// What is wrong with `field` (username, role, password) when the server refused it; the
    /// password policy's reason comes from the server's `detail`.
    static QString fieldProblem(const QString &field, const client::ApiResult &result);
    /// The field the server named (422 invalid_field, 409 username_taken), or "".
    static QString fieldOf(const client::ApiResult &result);
    /// An RFC 3339 instant as a short date and time on this machine's clock; `empty` when null.
    static QString localTime(const QString &instant, const QString &empty = {});
};

} // namespace boxoffice::app
