// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace boxoffice::server::ws {

/// Limits of the WebSocket endpoint.
struct WsOptions
{
    qint64 maxFrameBytes = 64 * 1024;   ///< larger incoming messages close the connection
    qint64 maxQueuedBytes = 256 * 1024; ///< per-connection send queue bound
    int opsPerSecond = 50;              ///< sustained requests per connection
    int opsBurst = 100;                 ///< token bucket size
    int pingIntervalMs = 15000;
    int idleTimeoutMs = 60000;    ///< no frame nor pong for this long closes
    int authTimeoutMs = 10000;    ///< unauthenticated connections close after this, unless watching
    int watchersPerAddress = 64;  ///< sockets without a token watching seat maps, per address
    int watcherSubscriptions = 4; ///< seat maps one such socket may watch
    int shards = 0;               ///< connection threads; 0: one per core
};

} // namespace boxoffice::server::ws
