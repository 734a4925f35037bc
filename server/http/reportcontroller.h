// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Money reports for managers and admins (docs/reports.md): GET /events/{id}/report,
/// GET /reports, the settlement (JSON, CSV, PDF) and its commission, and an event's orders,
/// tickets and attendees as streamed CSV.
class ReportController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
