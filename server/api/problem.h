// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "answer.h"

#include "domain/error.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// The problem answer of `error` (API.md "Errors"), RFC 9457 problem+json with its HTTP status:
/// the same for REST, the WebSocket and the idempotency store.
Answer problem(const domain::Error &error);
/// Just the problem object of `error`: type, title, status, code, detail and the members of the
/// error's details.
QJsonObject problemJson(const domain::Error &error);

} // namespace boxoffice::server::api
