// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::api {
class SaleOps;
}
namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::domain {
class CatalogService;
class EventAdmin;
class SalesDashboard;
class HoldGate;
class HoldService;
class Holdbacks;
class QueueService;
class SeatmapCache;
class UserService;
class AccountLinks;
class AccountData;
class OrderService;
class PaymentService;
class CounterSales;
class CounterTickets;
class Shifts;
class TicketScanService;
class TicketTransfers;
class WaitingList;
class LoginGuard;
class StaffService;
class AuditLog;
class TransactionLog;
class Invoices;
class Pricing;
class Vouchers;
class MoneyReports;
} // namespace boxoffice::server::domain

namespace boxoffice::server::http {

class Authenticator;
class BoundedPool;

/// What the controllers and WebSocket ops talk to; owned by the serve command, every part
/// always there. Running without a configured Redis is not a null here: serve starts a private
/// redis-server, and a Redis that is down is the gate's degraded mode, on the same path.
struct Services
{
    db::Database &database;
    /// Search and seat-history reads: BOXOFFICE_DATABASE_READ_URL (e.g. a hot standby), else
    /// `database`.
    db::Database &readDatabase;
    Authenticator &authenticator;
    domain::UserService &users;
    domain::AccountLinks &accountLinks; ///< e-mail verification and password reset
    domain::AccountData &accountData;   ///< a fan's data: download and erasure
    domain::LoginGuard &loginGuard;     ///< sign-in limits and lockouts
    BoundedPool &passwordPool;          ///< where scrypt runs
    domain::CatalogService &catalog;
    domain::EventAdmin &eventAdmin;    ///< the back office's event changes
    domain::SalesDashboard &dashboard; ///< the back office's figures of a sale
    domain::SeatmapCache &seatmaps;    ///< serialized seat maps per version
    // The sale: holds are created and released only through the gate (rate limits, leases,
    // the waiting room's admission, the degraded cap); `holds` answers reads and metrics.
    domain::HoldGate &holdGate;
    domain::HoldService &holds;
    domain::QueueService &queue;
    domain::OrderService &orders;
    /// The sale's holds, orders and queue as both transports call them (the WebSocket too).
    api::SaleOps &sales;
    domain::PaymentService &payments;
    // The counter: sales, refunds, exchanges; reissue and will-call; shifts; the door.
    domain::CounterSales &counterSales;
    domain::CounterTickets &counterTickets;
    domain::Shifts &shifts;
    domain::TicketScanService &ticketScans;
    domain::TicketTransfers &transfers; ///< fans passing tickets on
    domain::WaitingList &waitingList;   ///< sold-out events' waiting lists
    // The back office: seats held back.
    domain::Holdbacks &holdbacks;
    // The back office: staff accounts and the audit trail.
    domain::StaffService &staff;
    domain::AuditLog &audit;
    // The money: the transaction log, and the pool its CSV exports run on (never the workers).
    domain::TransactionLog &transactions;
    domain::MoneyReports &reports; ///< reports, settlements and an event's exports
    BoundedPool &exportPool;
    // Prices: ticket types, fees and tax per event; a hold's types and quote.
    domain::Pricing &pricing;
    domain::Vouchers &vouchers;
    domain::Invoices &invoices;
    bool mailEnabled = false;   ///< tickets are mailed (BOXOFFICE_SMTP_URL); /readyz says so
    QString mailProblem;        ///< why not, when not
    bool secureCookies = false; ///< the listener speaks TLS: session cookies are Secure
};

} // namespace boxoffice::server::http
