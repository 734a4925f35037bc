// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::server::auth {

/// Staff passwords: scrypt (N=2^15, r=8, p=1) with a random 16-byte salt per user, stored as
/// `scrypt$N$r$p$salt$hash` (base64). Verification compares in constant time.
class PasswordHasher
{
public:
    /// A new encoded hash for `password`.
    static QByteArray hash(const QByteArray &password);
    /// True when `password` matches `encoded`; false for malformed encodings.
    static bool verify(const QByteArray &password, const QByteArray &encoded);
    /// Burns the same work as verify() for a user that does not exist, so timing says nothing.
    static void verifyDummy(const QByteArray &password);
};

} // namespace boxoffice::server::auth
