// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace boxoffice::server::api {

/// BOXOFFICE_MAX_OUTBOUND_BYTES (default 16 MiB): unread answers (HTTP) or frames (WebSocket)
/// one connection may have queued before it is dropped as a slow consumer (issue 15, defect 2).
qint64 maxOutboundBytes();

/// Counts a connection dropped for not reading its answers
/// (boxoffice_slow_consumers_dropped_total{transport}).
void countSlowConsumer(const char *transport);

} // namespace boxoffice::server::api
