// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/error.h"

#include <QHttpServerResponse>

namespace boxoffice::server::http {

/// A domain answer as an HTTP response: JSON, or application/problem+json for errors (with
/// Retry-After on 429/503). Status 204 has no body.
QHttpServerResponse toHttp(const api::Answer &response,
                           const QList<QPair<QByteArray, QByteArray>> &headers = {});
/// 200 with `json` (already JSON text) as an application/json body.
QHttpServerResponse jsonReply(const QByteArray &json);
/// A problem response for `error`.
QHttpServerResponse problem(const domain::Error &error);
/// `response` with request `id` (X-Request-Id, and `request_id` in a problem body) unless it has
/// one: for answers built later, outside the request's RequestIdScope (asynchronous fast lanes).
QHttpServerResponse withRequestId(QHttpServerResponse &&response, const QByteArray &id);

} // namespace boxoffice::server::http
