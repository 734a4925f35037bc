// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::domain {
class SearchService;
}

namespace boxoffice::server::http {

class ApiServer;

/// GET /events (search), GET /events/{id}/seats/{seat_id}/history (manager) and GET /metrics.
struct CatalogController
{
    static void registerRoutes(ApiServer &server, Services &services, domain::SearchService &search);
};

} // namespace boxoffice::server::http
