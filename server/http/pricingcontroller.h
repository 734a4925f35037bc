// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Prices (issue 28, docs/pricing.md): GET/PUT /events/{id}/pricing (types, fees, tax; PUT for
/// managers with If-Match), PUT /holds/{id}/types (the type of each held seat) and
/// GET /holds/{id}/quote (what the hold costs, line by line, before payment).
class PricingController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
