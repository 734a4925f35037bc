// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "services.h"

#include "domain/catalog.h"
#include "domain/result.h"

#include <QHttpServerResponse>

namespace boxoffice::server::http {

class ApiServer;

/// The back office's event routes (manager): PATCH /events/{id}, POST /events/{id}/cancel and
/// /duplicate, GET /events/{id}/stats (docs/back-office.md).
class EventAdminController
{
public:
    static void registerRoutes(ApiServer &server, Services &services);
};

/// An event answer with its ETag (the event's `version`), or the problem.
QHttpServerResponse eventReply(const domain::Result<domain::EventDocument> &event, int status);

} // namespace boxoffice::server::http
