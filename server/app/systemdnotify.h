// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace boxoffice::server {

/// Tells systemd (Type=notify) that the server is ready: migrated and listening. A no-op
/// outside systemd (no NOTIFY_SOCKET) or when built without libsystemd.
void notifyReady();
/// Tells systemd that a graceful stop began (it then waits up to TimeoutStopSec=).
void notifyStopping();

} // namespace boxoffice::server
