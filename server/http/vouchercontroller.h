// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Vouchers and promo codes for managers (issue 28, docs/pricing.md): GET /events/{id}/vouchers,
/// POST /vouchers, GET, PUT (If-Match) and DELETE /vouchers/{code}. Buyers enter a code on their
/// hold through PricingController (PUT/DELETE /holds/{id}/voucher).
class VoucherController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
