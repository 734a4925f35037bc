// SPDX-License-Identifier: GPL-3.0-or-later
#include "requesttimer.h"

#include "metrics/registry.h"

namespace boxoffice::server::http {

RequestTimer::~RequestTimer()
{
    static metrics::Histogram &histogram
        = metrics::Registry::instance().histogram(QStringLiteral(
                                                      "boxoffice_http_request_duration_seconds"),
                                                  QStringLiteral("HTTP request handling time."));
    histogram.observe(double(m_timer.nsecsElapsed()) / 1e9);
}

} // namespace boxoffice::server::http
