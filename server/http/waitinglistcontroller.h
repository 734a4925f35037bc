// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// The waiting list (docs/waiting-list.md): POST and GET /events/{id}/waiting-list,
/// GET /me/waiting-list, DELETE /me/waiting-list/{event}, POST /me/waiting-list/{event}/decline.
class WaitingListController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
