// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Seats held back (docs/back-office.md): PUT, DELETE and GET /events/{id}/holdbacks, PATCH
/// /events/{id}/allocations/{name}. Managers and admins only.
class HoldbackController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
