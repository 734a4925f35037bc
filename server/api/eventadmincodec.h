// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/eventpatch.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// A PATCH /events/{id} body (docs/back-office.md); throws Error(BadRequest) naming the field.
domain::EventPatch parseEventPatch(const QJsonObject &body);
/// A PUT /events/{id}/seat-categories body.
domain::SeatCategoryAssignment parseSeatCategoryAssignment(const QJsonObject &body);
/// `{"assigned", "version"}`.
QJsonObject assignedSeatsJson(const domain::AssignedSeats &assigned);
/// A POST /events/{id}/duplicate body.
domain::EventCopy parseEventCopy(const QJsonObject &body);
/// The `reason` of a POST /events/{id}/cancel body.
QString parseCancelReason(const QJsonObject &body);
/// `{"event", "refunds_queued", "tickets_revoked", "fans_mailed", "counter_orders"}`.
QJsonObject cancelledEventJson(const domain::CancelledEvent &cancelled);

} // namespace boxoffice::server::api
