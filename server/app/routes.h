// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace boxoffice::server::domain {
class TicketPdfService;
}
namespace boxoffice::server::http {
class ApiServer;
struct Services;
} // namespace boxoffice::server::http

namespace boxoffice::server {

/// Every REST controller's routes, busiest first (Qt's router tries them in order).
void registerRoutes(http::ApiServer &api,
                    http::Services &services,
                    domain::TicketPdfService &ticketPdfs);

} // namespace boxoffice::server
