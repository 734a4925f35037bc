// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/hold.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// Parses and validates a POST /holds body (WS hold.create: its params without the transport's
/// members): one of the three forms, no unknown fields; throws Error(BadRequest).
domain::HoldRequest parseHoldRequest(const QJsonObject &body);

} // namespace boxoffice::server::api
