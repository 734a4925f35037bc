// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::auth {

/// What a fan's new password must be: at least 10 characters, not one of the common passwords
/// shipped with the server (a resource), not the email or a run of one or two characters.
class PasswordPolicy
{
public:
    /// Empty when `password` is acceptable for the account `email`; else why not (English).
    static QString weakness(const QString &password, const QString &email);
    static constexpr int kMinimumLength = 10;
};

} // namespace boxoffice::server::auth
