// SPDX-License-Identifier: GPL-3.0-or-later
#include "queueconfig.h"

#include <QtGlobal>

namespace boxoffice::server::domain {

namespace {

void read(const char *name, int &value, int minimum)
{
    bool ok = false;
    const int parsed = qEnvironmentVariableIntValue(name, &ok);
    if (ok && parsed >= minimum)
        value = parsed;
}

} // namespace

QueueConfig QueueConfig::fromEnvironment()
{
    QueueConfig config;
    read("BOXOFFICE_REDIS_TIMEOUT_MS", config.redisTimeoutMs, 10);
    read("BOXOFFICE_REDIS_DOWN_AFTER_MS", config.redisDownAfterMs, 0);
    read("BOXOFFICE_ADMISSION_SECONDS", config.admissionSeconds, 5);
    read("BOXOFFICE_QUEUE_TICK_MS", config.admitTickMs, 50);
    read("BOXOFFICE_QUEUE_LEASE_MS", config.leaseTtlMs, 200);
    read("BOXOFFICE_QUEUE_SETTINGS_CACHE_MS", config.settingsCacheMs, 0);
    read("BOXOFFICE_DEGRADED_HOLD_CONCURRENCY", config.degradedHoldConcurrency, 1);
    read("BOXOFFICE_DEGRADED_WAIT_MS", config.degradedWaitMs, 0);
    read("BOXOFFICE_RATE_USER_PER_MINUTE", config.userLimit.perMinute, 0);
    read("BOXOFFICE_RATE_USER_BURST", config.userLimit.burst, 1);
    read("BOXOFFICE_RATE_IP_PER_MINUTE", config.ipLimit.perMinute, 0);
    read("BOXOFFICE_RATE_IP_BURST", config.ipLimit.burst, 1);
    read("BOXOFFICE_LEASE_SETTLE_MS", config.leaseSettleMs, 0);
    int leases = config.seatLeases ? 1 : 0;
    read("BOXOFFICE_SEAT_LEASES", leases, 0);
    config.seatLeases = leases != 0;
    return config;
}

} // namespace boxoffice::server::domain
