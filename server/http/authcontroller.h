// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/result.h"
#include "domain/userservice.h"
#include "services.h"

#include <QHttpServerResponse>

namespace boxoffice::server::http {

class ApiServer;

/// POST /auth/login, /auth/register, /auth/logout; GET /me.
class AuthController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
    /// The token answer (`status`), plus the cookie that signs a browser in with it.
    static QHttpServerResponse signedIn(const domain::Result<domain::AccessToken> &answer,
                                        int status,
                                        bool secure);
};

} // namespace boxoffice::server::http
