// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// POST /orders (online and counter), GET /orders/{id}, GET /me/orders,
/// POST /orders/{id}/refund, POST /payments/webhook.
class OrderController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
