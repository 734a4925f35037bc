// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// Passing a ticket on (docs/web-shop.md "Passing a ticket on"): POST and DELETE
/// /tickets/{id}/transfer, POST /transfers/lookup and /transfers/accept, GET /me/transfers.
class TransferController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
