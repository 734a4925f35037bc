// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/requestfingerprint.h"

#include <QByteArray>

namespace boxoffice::server::db {

/// The request's canonical text, which the idempotency store hashes: compact JSON with its
/// members in name order, exactly the bytes the domain built before it had typed requests.
QByteArray requestFingerprintBytes(const RequestFingerprint &request);

} // namespace boxoffice::server::db
