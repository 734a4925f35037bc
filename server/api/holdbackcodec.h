// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/holdbacks.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// PUT /events/{id}/holdbacks `{"seats","kind","allocation"?}`. Wrong types and unknown
/// fields: Error(BadRequest) with `field`; a kind that is none, an allocation without its name
/// (or a name without kind allocation), no seats: Error(InvalidField) naming the field.
domain::HoldbackRequest parseHoldbackRequest(const QJsonObject &body);
/// DELETE /events/{id}/holdbacks `{"seats"}` or `{"kind","allocation"?}`; errors as above.
domain::HoldbackRelease parseHoldbackRelease(const QJsonObject &body);
/// PATCH /events/{id}/allocations/{name} `{"counter_sale"}`.
bool parseCounterSale(const QJsonObject &body);
/// `{"items":[{"seat_id","kind","allocation"}],"allocations":[{"name","seats","counter_sale"}]}`
QJsonObject holdbackListJson(const domain::HoldbackList &list);
QJsonObject allocationJson(const db::Allocation &allocation);
/// GET /events/{id}/allocations: `{"items":[{"name","seats":[ids]}]}`.
QJsonObject counterAllocationsJson(const QList<db::CounterAllocation> &allocations);

} // namespace boxoffice::server::api
