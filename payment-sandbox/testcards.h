// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::sandbox {

/// The sandbox's test card numbers and what each one does on confirm.
class TestCards
{
public:
    enum class Behaviour {
        Succeed, ///< 4242424242424242 and any other well-formed number
        Decline, ///< 4000000000000002: definite failure
        Slow,    ///< 4000000000000259: processing, succeeds after --slow-ms
        Timeout, ///< 4000000000009995: confirm answers 504 late, the payment still succeeds
    };

    static constexpr const char *kSuccess = "4242424242424242";
    static constexpr const char *kDecline = "4000000000000002";
    static constexpr const char *kSlow = "4000000000000259";
    static constexpr const char *kTimeout = "4000000000009995";

    /// 12-19 digits with a valid Luhn check digit.
    static bool isWellFormed(const QString &number);
    static Behaviour behaviourOf(const QString &number);
};

} // namespace boxoffice::sandbox
