// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// A fan's own data (docs/privacy.md): GET /me/data (everything held about them, as a JSON
/// download) and DELETE /me (the account erased, with the password re-entered).
class PersonalDataController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
