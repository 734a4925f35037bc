// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/error.h"
#include "domain/response.h"

namespace boxoffice::server::api {

/// The problem answer of `error` (api::problem) as the Response REST and WebSocket send.
domain::Response problemAnswer(const domain::Error &error);

} // namespace boxoffice::server::api
