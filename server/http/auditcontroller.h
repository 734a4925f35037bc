// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// GET /audit: managers and admins (the trail shows what every manager did).
class AuditController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
