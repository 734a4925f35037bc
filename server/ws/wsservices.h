// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace boxoffice::server::api {
class SaleOps;
}
namespace boxoffice::server::db {
class Database;
}
namespace boxoffice::server::domain {
class SeatmapCache;
class TokenAuthenticator;
} // namespace boxoffice::server::domain

namespace boxoffice::server::ws {

/// What the WebSocket reaches, owned by the serve command: the same token check and sale
/// operations as REST (no HTTP request in between), the seat maps, and the database whose
/// worker pool runs the ops.
struct WsServices
{
    db::Database &database;
    domain::SeatmapCache &seatmaps;
    const domain::TokenAuthenticator &tokens;
    const api::SaleOps &sales;
};

} // namespace boxoffice::server::ws
