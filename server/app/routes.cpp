// SPDX-License-Identifier: GPL-3.0-or-later
#include "routes.h"

#include "http/accountcontroller.h"
#include "http/apiserver.h"
#include "http/auditcontroller.h"
#include "http/authcontroller.h"
#include "http/boxofficecontroller.h"
#include "http/eventadmincontroller.h"
#include "http/eventcontroller.h"
#include "http/healthcontroller.h"
#include "http/holdbackcontroller.h"
#include "http/holdcontroller.h"
#include "http/invoicecontroller.h"
#include "http/ordercontroller.h"
#include "http/personaldatacontroller.h"
#include "http/pricingcontroller.h"
#include "http/queuecontroller.h"
#include "http/reportcontroller.h"
#include "http/staffcontroller.h"
#include "http/ticketcontroller.h"
#include "http/ticketpdfcontroller.h"
#include "http/transactioncontroller.h"
#include "http/transfercontroller.h"
#include "http/venuecontroller.h"
#include "http/vouchercontroller.h"
#include "http/waitinglistcontroller.h"

namespace boxoffice::server {

void registerRoutes(http::ApiServer &api,
                    http::Services &services,
                    domain::TicketPdfService &ticketPdfs)
{
    // Qt's router tries the routes in registration order (a path regex per route of the
    // method): the busiest route under a rush, the queue join, goes first.
    http::QueueController::registerRoutes(api, services);
    http::HealthController::registerRoutes(api, services);
    http::AuthController::registerRoutes(api, services);
    http::AccountController::registerRoutes(api, services);
    http::PersonalDataController::registerRoutes(api, services);
    http::VenueController::registerRoutes(api, services);
    http::EventController::registerRoutes(api, services);
    http::EventAdminController::registerRoutes(api, services);
    http::HoldController::registerRoutes(api, services);
    http::HoldbackController::registerRoutes(api, services);
    http::OrderController::registerRoutes(api, services);
    http::BoxOfficeController::registerRoutes(api, services);
    http::TicketController::registerRoutes(api, services);
    http::TransferController::registerRoutes(api, services);
    http::WaitingListController::registerRoutes(api, services);
    http::TicketPdfController::registerRoutes(api, services, ticketPdfs);
    http::StaffController::registerRoutes(api, services);
    http::AuditController::registerRoutes(api, services);
    http::TransactionController::registerRoutes(api, services);
    http::PricingController::registerRoutes(api, services);
    http::VoucherController::registerRoutes(api, services);
    http::InvoiceController::registerRoutes(api, services);
    http::ReportController::registerRoutes(api, services);
}

} // namespace boxoffice::server
