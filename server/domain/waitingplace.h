// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::domain {

/// A place in a waiting room while it waits: the usual answer of a queue join or poll
/// (api/queuecodec writes it, as an object or, on the join's hot path, straight to JSON text).
struct WaitingPlace
{
    QString queueId;
    QString eventId;
    qint64 position = 0;
    qint64 ahead = 0;
    qint64 etaSeconds = 0;
    int retryAfter = 0;
    QString opensAt; ///< ISO time of the on-sale while it is ahead; empty: null
};

} // namespace boxoffice::server::domain
