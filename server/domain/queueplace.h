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

/// An event's waiting room at a glance, for the back office's dashboard; `live` is false when
/// Redis could not be asked (the counts are zero then).
struct QueueGlance
{
    bool live = false;
    qint64 waiting = 0;
    qint64 active = 0;
    qint64 admittedLastMinute = 0; ///< the measured admission rate
    qint64 etaSeconds = 0;         ///< for someone joining at the back now
};

} // namespace boxoffice::server::domain
