#include "holdmetrics.h"

#include "registry.h"

namespace boxoffice::server::metrics {

void recordHoldResult(int status)
{
    auto &registry = Registry::instance();
    const char *result = status < 300    ? "created"
                         : status == 409 ? "conflict"
                         : status >= 500 ? "error"
                                         : "rejected";
    registry
        .counter(QStringLiteral("boxoffice_hold_requests_total"),
                 {},
                 QStringLiteral("result=\"%1\"").arg(QLatin1String(result)))
        .add();
    if (status == 409)
        registry.counter(QStringLiteral("boxoffice_hold_conflicts_total"), {}).add();
}

} // namespace boxoffice::server::metrics
