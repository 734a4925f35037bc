// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Invoices (issue 28, docs/pricing.md): PUT /orders/{id}/billing (the buyer or a clerk asks
/// for one), GET /orders/{id}/invoices, and GET /orders/{id}/invoice.pdf (?number= for a
/// cancellation invoice, ?lang=es).
class InvoiceController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
