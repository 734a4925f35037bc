// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::domain {
class CatalogService;
class HoldGate;
class HoldService;
class QueueService;
class SeatmapCache;
class UserService;
class OrderService;
class PaymentService;
class CounterSales;
class CounterTickets;
class Shifts;
class TicketScanService;
class LoginGuard;
} // namespace boxoffice::server::domain

namespace boxoffice::server::http {

class Authenticator;
class BoundedPool;

/// What the controllers talk to; owned by the serve command.
struct Services
{
    db::Database &database;
    Authenticator &authenticator;
    domain::UserService &users;
    domain::HoldService &holds;
    domain::CatalogService &catalog;
    domain::QueueService *queue = nullptr; ///< the waiting room (set by serve)
    domain::HoldGate *holdGate = nullptr;  ///< rate limits, leases, degraded cap (set by serve)
    // Orders and payments (set by the serve command after the ones above).
    domain::OrderService *orders = nullptr;
    domain::PaymentService *payments = nullptr;
    // The counter (set by serve): sales, refunds, exchanges; reissue and will-call; shifts.
    domain::CounterSales *counterSales = nullptr;
    domain::CounterTickets *counterTickets = nullptr;
    domain::Shifts *shifts = nullptr;
    domain::TicketScanService *ticketScans = nullptr; ///< the door (set by serve)
    domain::SeatmapCache *seatmaps = nullptr; ///< serialized seat maps per version (optional)
    bool mailEnabled = false; ///< tickets are mailed (BOXOFFICE_SMTP_URL); /readyz says so
    QString mailProblem;      ///< why not, when not
    domain::LoginGuard *loginGuard = nullptr; ///< sign-in limits and lockouts (set by serve)
    BoundedPool *passwordPool = nullptr;      ///< where scrypt runs (set by serve)
    bool secureCookies = false; ///< the listener speaks TLS: session cookies are Secure
    /// Search and seat-history reads (BOXOFFICE_DATABASE_READ_URL, e.g. a hot standby); null:
    /// `database`.
    db::Database *readDatabase = nullptr;
};

} // namespace boxoffice::server::http
