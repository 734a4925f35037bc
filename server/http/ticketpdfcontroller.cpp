// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketpdfcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/ticketpdfservice.h"

namespace boxoffice::server::http {

void TicketPdfController::registerRoutes(ApiServer &server,
                                         Services &services,
                                         domain::TicketPdfService &pdfs)
{
    server.routeId(QStringLiteral("/orders/<arg>/tickets.pdf"),
                   QHttpServerRequest::Method::Get,
                   [&services, &pdfs](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       QHttpServerResponse out(QByteArrayLiteral("application/pdf"),
                                               pdfs.pdf(caller, id, request.documentLanguage()));
                       out.setHeader("Content-Disposition",
                                     "attachment; filename=\"tickets-" + id.toLatin1().left(36)
                                         + ".pdf\"");
                       out.setHeader("Cache-Control", "private, no-store");
                       out.setHeader("X-Content-Type-Options", "nosniff");
                       return out;
                   });
}

} // namespace boxoffice::server::http
