// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

#include <QtGlobal>

namespace boxoffice::server::http {

class ApiServer;

/// POST /venues, GET /venues, GET /venues/{id}, PUT /venues/{id} (If-Match).
class VenueController
{
public:
    static constexpr qint64 kVenueBodyLimit = 16 * 1024 * 1024;
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
