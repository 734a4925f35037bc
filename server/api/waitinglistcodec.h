// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/waitinglist.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// A fan's place: {"event_id","event_title","starts_at","position","quantity","categories",
/// "state","joined_at","offer":{"hold_id","seats","expires_at"}|null}.
QJsonObject waitingPlaceJson(const domain::WaitingEntry &entry);
/// GET /me/waiting-list: {"places":[...]}.
QJsonObject myWaitingListJson(const QList<domain::WaitingEntry> &entries);
/// GET /events/{id}/waiting-list: {"enabled","offer_minutes","entries":[{"position","fan",
/// "name","quantity","categories","state","joined_at","offered_seats","offer_expires_at"}]}.
QJsonObject waitingListJson(const domain::WaitingListView &view);

} // namespace boxoffice::server::api
