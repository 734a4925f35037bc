// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// The door: POST /tickets/scan, POST /tickets/scans (a scanner's journal),
/// GET /events/{id}/ticket-keys, GET /events/{id}/ticket-revocations.
class TicketController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
