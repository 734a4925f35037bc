// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

namespace boxoffice::server::http {

class ApiServer;

/// GET /transactions (JSON pages, or the whole CSV with `Accept: text/csv`) and
/// GET /transactions.csv: the transaction log, for managers and admins.
class TransactionController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

} // namespace boxoffice::server::http
