#include "metricscontroller.h"

#include "apiserver.h"
#include "domain/holdservice.h"

namespace boxoffice::server::http {

void MetricsController::registerRoutes(ApiServer &server, Services &services)
{
    server.routeInline(
        QStringLiteral("/metrics"), QHttpServerRequest::Method::Get, [&services](const Request &) {
            QByteArray text = "# HELP boxoffice_hold_requests_total Hold requests by result.\n"
                              "# TYPE boxoffice_hold_requests_total counter\n";
            quint64 conflicts = 0;
            for (const auto &[result, count] : services.holds.results()) {
                // Result names are our own error codes (lower-case identifiers): safe as label values.
                text += "boxoffice_hold_requests_total{result=\"" + result.toLatin1() + "\"} "
                        + QByteArray::number(count) + '\n';
                if (result == u"seat_unavailable")
                    conflicts = count;
            }
            text += "# HELP boxoffice_hold_conflicts_total Hold requests refused because seats "
                    "were taken.\n"
                    "# TYPE boxoffice_hold_conflicts_total counter\n"
                    "boxoffice_hold_conflicts_total "
                    + QByteArray::number(conflicts) + '\n';
            return QHttpServerResponse(QByteArrayLiteral("text/plain; version=0.0.4"), text);
        });
}

} // namespace boxoffice::server::http
