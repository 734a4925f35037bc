// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "request.h"

#include <optional>

namespace boxoffice::server::http {

/// The version an `If-Match: "<n>"` header names (W/ and quotes allowed); nullopt without the
/// header; throws Error(BadRequest) for anything else.
std::optional<int> ifMatchVersion(const Request &request);
/// The same, for changes that need it: 428 precondition_required without the header.
int requiredIfMatch(const Request &request);
/// `"<version>"`: the ETag of a versioned resource.
QByteArray versionTag(int version);

} // namespace boxoffice::server::http
