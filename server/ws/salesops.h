// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/principal.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

namespace boxoffice::server::api {
class SaleOps;
}

namespace boxoffice::server::ws {

/// The work of one sales op, for the database worker pool: its answer as REST would give it.
using OpWork = std::function<api::Answer()>;

/// The sale's ops over WebSocket (hold.create/get/release, order.create/get, queue.join/status):
/// the params read into the typed requests of api::SaleOps, whose results REST answers too.
/// `params` is read now, on the session's thread (a bad one throws Error(BadRequest), a hold
/// known taken is refused from memory as over REST); the work runs later on the workers.
/// nullopt: `op` is not one of them.
std::optional<OpWork> salesOp(const api::SaleOps &sales,
                              const domain::Principal &caller,
                              const QString &peer,
                              const QString &op,
                              const QJsonObject &params);

} // namespace boxoffice::server::ws
