#pragma once

namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::domain {
class CatalogService;
class HoldService;
class UserService;
class OrderService;
class PaymentService;
class BoxOfficeService;
} // namespace boxoffice::server::domain

namespace boxoffice::server::http {

class Authenticator;

/// What the controllers talk to; owned by the serve command.
struct Services
{
    db::Database &database;
    Authenticator &authenticator;
    domain::UserService &users;
    domain::HoldService &holds;
    domain::CatalogService &catalog;
    // Orders and payments (set by the serve command after the ones above).
    domain::OrderService *orders = nullptr;
    domain::PaymentService *payments = nullptr;
    domain::BoxOfficeService *boxOffice = nullptr;
};

} // namespace boxoffice::server::http
