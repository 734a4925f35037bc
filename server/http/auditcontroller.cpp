// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditcontroller.h"

#include "api/auditcodec.h"
#include "apiserver.h"
#include "authenticator.h"
#include "domain/auditlog.h"
#include "resultreply.h"

namespace boxoffice::server::http {

void AuditController::registerRoutes(ApiServer &server, Services &services)
{
    server.route(QStringLiteral("/audit"),
                 QHttpServerRequest::Method::Get,
                 [&services](const Request &request) {
                     services.authenticator.require(request, auth::Role::Manager);
                     const db::AuditQuery query = api::parseAuditQuery(request.query);
                     QHttpServerResponse out = toHttp(services.audit.page(query),
                                                      200,
                                                      api::auditPageJson);
                     out.setHeader("Cache-Control", "no-store");
                     return out;
                 });
}

} // namespace boxoffice::server::http
