// SPDX-License-Identifier: GPL-3.0-or-later
#include "outboundlimit.h"

#include "metrics/registry.h"

namespace boxoffice::server::api {

qint64 maxOutboundBytes()
{
    static const qint64 bytes = [] {
        bool ok = false;
        const qint64 value = qEnvironmentVariable("BOXOFFICE_MAX_OUTBOUND_BYTES").toLongLong(&ok);
        return ok && value >= 65536 ? value : qint64(16) * 1024 * 1024;
    }();
    return bytes;
}

void countSlowConsumer(const char *transport)
{
    metrics::Registry::instance()
        .counter(QStringLiteral("boxoffice_slow_consumers_dropped_total"),
                 QStringLiteral(
                     "Connections dropped for leaving too much of their answers unread."),
                 QStringLiteral("transport=\"%1\"").arg(QLatin1String(transport)))
        .add();
}

} // namespace boxoffice::server::api
