// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "request.h"

#include <QHttpServerResponse>

#include <functional>
#include <optional>

namespace boxoffice::server::http {

/// A handler that runs on the database worker pool and answers in domain terms.
using Handler = std::function<QHttpServerResponse(const Request &)>;
/// A first answer tried on the server's thread before the worker pool: nullopt passes the
/// request on. Must not block (no I/O).
using FastLane = std::function<std::optional<QHttpServerResponse>(const Request &)>;
/// A handler with one path argument (an id).
using IdHandler = std::function<QHttpServerResponse(const QString &, const Request &)>;
/// A handler with two path arguments.
using TwoIdHandler
    = std::function<QHttpServerResponse(const QString &, const QString &, const Request &)>;

/// Answers a request later, on the server's thread; the first answer counts.
using Respond = std::function<void(QHttpServerResponse &&)>;
/// A handler with one path argument that runs on the server's thread and must not block: it
/// answers through `respond` (now, or when its non-blocking I/O completes) and returns true, or
/// returns false (without answering) to have the route's worker handler answer instead.
using AsyncIdHandler = std::function<bool(const QString &, const Request &, const Respond &)>;

} // namespace boxoffice::server::http
