// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "waitingplace.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace boxoffice::server::domain {

/// Where a caller stands in an event's waiting room: what a join or a poll answers.
struct QueuePlace
{
    enum class State {
        Waiting,  ///< in line: `waiting` says where
        Admitted, ///< let in: `admissionToken` lets the caller hold seats until it expires
        Expired,  ///< admitted once, the admission ran out: joining again queues at the back
    };
    State state = State::Waiting;
    QString queueId;
    QString eventId;
    WaitingPlace waiting;       ///< Waiting only
    QByteArray admissionToken;  ///< Admitted only: the signed admission JWT
    QDateTime admissionExpires; ///< Admitted only (UTC, whole seconds)
};

} // namespace boxoffice::server::domain
