#pragma once

namespace boxoffice::server::metrics {

/// Counts a hold answer in boxoffice_hold_requests_total{result} (and conflicts).
void recordHoldResult(int status);

} // namespace boxoffice::server::metrics
