// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "redis/ratelimiter.h"

namespace boxoffice::server::domain {

/// Waiting-room, rate-limit and degraded-mode knobs, from BOXOFFICE_* variables (see
/// docs/queue.md). The defaults are generous: they stop floods, not tests.
struct QueueConfig
{
    int redisTimeoutMs = 200;        ///< one Redis call's answer; later, that call fails alone
    int redisDownAfterMs = 1000;     ///< no answer for this long (timeouts only): Redis is down
    int admissionSeconds = 300;      ///< admission token lifetime and time in the active set
    int admitTickMs = 1000;          ///< admitter step
    int leaseTtlMs = 3000;           ///< admitter leader lease
    int settingsCacheMs = 5000;      ///< how long event queue settings are cached
    bool seatLeases = true;          ///< per-seat Redis leases before the hold transaction
    int leaseSettleMs = 20;          ///< how long lease settles gather before one pipeline
    int degradedHoldConcurrency = 4; ///< holds in flight at once while Redis is down
    int degradedWaitMs = 200;        ///< how long a hold waits for a slot before 503
    redis::RateLimit userLimit{1200, 200};
    redis::RateLimit ipLimit{120000, 20000};

    static QueueConfig fromEnvironment();
};

} // namespace boxoffice::server::domain
