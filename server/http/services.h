#pragma once

namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::domain {
class CatalogService;
class HoldService;
class UserService;
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
};

} // namespace boxoffice::server::http
