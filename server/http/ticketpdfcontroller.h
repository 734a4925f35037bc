// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::domain {
class TicketPdfService;
}

namespace boxoffice::server::http {

class ApiServer;

/// GET /orders/{id}/tickets.pdf.
class TicketPdfController
{
public:
    static void registerRoutes(ApiServer &server,
                               Services &services,
                               domain::TicketPdfService &pdfs);
};

} // namespace boxoffice::server::http
