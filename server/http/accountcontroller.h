// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Fans' mailed links: POST /auth/verify, /auth/verification, /auth/password-reset and
/// /auth/password-reset/confirm (docs/web-shop.md, "Verification and password reset").
class AccountController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
