// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <string>

namespace boxoffice::test {

/// CPU seconds (user + system, all threads) process `pid` used so far; with `reaped`, plus what
/// its exited and waited-for children used. 0 when the process is gone.
double processCpuSeconds(qint64 pid, bool reaped = false);

/// CPU seconds of a whole PostgreSQL cluster: the postmaster, every live backend and helper, and
/// the backends that already exited (the postmaster reaps them). Benches on a shared machine
/// divide this by the work done: unlike throughput, it does not depend on the CPU share the
/// cluster got.
double clusterCpuSeconds(qint64 postmasterPid);

/// The postmaster of the cluster `url` reaches (from its data directory; needs a superuser).
qint64 postmasterPid(const std::string &url);

/// The process id of the Redis at `url` (from INFO server); 0 when it does not answer.
qint64 redisPid(const QByteArray &url);

} // namespace boxoffice::test
