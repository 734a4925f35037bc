// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/salesdashboard.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// GET /events/{id}/stats (docs/back-office.md).
QJsonObject salesFiguresJson(const domain::SalesFigures &figures);

} // namespace boxoffice::server::api
