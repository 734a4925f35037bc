// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>

namespace boxoffice::server::http {

/// Observes boxoffice_http_request_duration_seconds for the scope it lives in.
class RequestTimer
{
public:
    RequestTimer() { m_timer.start(); }
    ~RequestTimer();
    RequestTimer(const RequestTimer &) = delete;
    RequestTimer &operator=(const RequestTimer &) = delete;

private:
    QElapsedTimer m_timer;
};

} // namespace boxoffice::server::http
