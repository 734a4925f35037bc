// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

namespace boxoffice::test {

/// One answer of a burst: its HTTP status (0 = none) and the time from the request's write to
/// the answer's last byte.
struct BurstAnswer
{
    int status = 0;
    qint64 latencyUs = 0;
};

/// Opens one keep-alive connection per request to 127.0.0.1:`port`, then writes every request
/// at once and waits for every answer. A plain epoll loop, no event loop: on a 2-core box a Qt
/// client handling 1,000 sockets one signal at a time adds its own queueing to the latencies
/// it measures.
QList<BurstAnswer> sendBurst(quint16 port, const QList<QByteArray> &requests, int timeoutMs);

} // namespace boxoffice::test
