// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/queueplace.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// `{"queue_id", "event_id", "state": "waiting", "position", "ahead", "eta_seconds",
/// "retry_after", "opens_at"}` (opens_at null once the sale is open).
QJsonObject waitingPlaceJson(const domain::WaitingPlace &place);
/// The same object as compact JSON text, byte for byte what QJsonDocument writes for it: the
/// join's hot path (building the object and serializing it cost more than the rest of the join
/// on the server's thread).
QByteArray waitingPlaceText(const domain::WaitingPlace &place);
/// A join's or poll's answer: the waiting place; or, admitted, `admission_token` and
/// `admission_expires_at` with zero position, ahead, eta_seconds and retry_after; or, expired,
/// those four null.
QJsonObject queuePlaceJson(const domain::QueuePlace &place);

} // namespace boxoffice::server::api
