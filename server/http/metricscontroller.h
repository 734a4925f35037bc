#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// GET /metrics (Prometheus text format). Hold outcomes so far; more counters come with the
/// features that own them.
class MetricsController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
