// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// POST /tickets/{id}/reissue, POST /shifts, GET /shifts/{id}/report,
/// POST /shifts/{id}/close.
class BoxOfficeController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
