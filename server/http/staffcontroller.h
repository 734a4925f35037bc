// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// GET/POST /staff, PATCH /staff/{id}, GET /staff/sign-ins: managers and admins only.
class StaffController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
