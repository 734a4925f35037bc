// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketpdfcontroller.h"

#include "apiserver.h"
#include "authenticator.h"
#include "domain/ticketpdfservice.h"

namespace boxoffice::server::http {

namespace {

// "es" when the caller asks for Spanish (?lang=es, or Spanish first in Accept-Language).
QString language(const Request &request)
{
    const QString asked = request.query.queryItemValue(QStringLiteral("lang"));
    if (asked == u"es" || asked == u"en")
        return asked;
    for (const QByteArray &item : request.header("accept-language").split(',')) {
        const QByteArray tag = item.split(';').first().trimmed().toLower();
        if (tag.startsWith("es"))
            return QStringLiteral("es");
        if (tag.startsWith("en"))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

} // namespace

void TicketPdfController::registerRoutes(ApiServer &server,
                                         Services &services,
                                         domain::TicketPdfService &pdfs)
{
    server.routeId(QStringLiteral("/orders/<arg>/tickets.pdf"),
                   QHttpServerRequest::Method::Get,
                   [&services, &pdfs](const QString &id, const Request &request) {
                       const auto caller = services.authenticator.authenticate(request);
                       QHttpServerResponse out(QByteArrayLiteral("application/pdf"),
                                               pdfs.pdf(caller, id, language(request)));
                       out.setHeader("Content-Disposition",
                                     "attachment; filename=\"tickets-" + id.toLatin1().left(36)
                                         + ".pdf\"");
                       out.setHeader("Cache-Control", "private, no-store");
                       out.setHeader("X-Content-Type-Options", "nosniff");
                       return out;
                   });
}

} // namespace boxoffice::server::http
