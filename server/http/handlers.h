// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "request.h"

#include <QHttpServerResponse>

#include <functional>
#include <optional>
#include <variant>

namespace boxoffice::server::http {

class ChunkedStream;

/// A handler that runs on the database worker pool and answers in domain terms.
using Handler = std::function<QHttpServerResponse(const Request &)>;
/// The work a two-stage route hands to the worker pool, carrying what its first stage read.
using Work = std::function<QHttpServerResponse()>;
/// A route's first stage, on the server's thread, so it must not block (no I/O): an answer at
/// once (a refusal known from memory), or the Work for the worker pool with the caller and body
/// already checked, so that a request is authenticated and parsed once. What it throws is
/// answered at once, as the worker would answer it (a problem).
using Prepare = std::function<std::variant<QHttpServerResponse, Work>(const Request &)>;
/// A handler with one path argument (an id).
using IdHandler = std::function<QHttpServerResponse(const QString &, const Request &)>;
/// A handler with two path arguments.
using TwoIdHandler
    = std::function<QHttpServerResponse(const QString &, const QString &, const Request &)>;

/// What a streamed route's first stage hands on for an answer of any length: its headers
/// (beside 200, chunked and `Connection: close`) and the producer, which runs on the route's
/// pool and pushes the body into the stream at the pace the client reads (chunkedstream.h).
struct StreamWork
{
    QList<std::pair<QByteArray, QByteArray>> headers;
    std::function<void(ChunkedStream &)> produce;
    /// Optional: runs on the database workers before the head goes out; what it throws (a
    /// domain::Error, e.g. an unknown event's 404) is the answer instead of the stream.
    std::function<void()> check;
};
/// A streamed route's first stage, on the server's thread: an answer now, Work for the database
/// workers (an ordinary answer), or StreamWork.
using StreamPrepare
    = std::function<std::variant<QHttpServerResponse, Work, StreamWork>(const Request &)>;

/// Answers a request later, on the server's thread; the first answer counts.
using Respond = std::function<void(QHttpServerResponse &&)>;
/// A handler with one path argument that runs on the server's thread and must not block: it
/// answers through `respond` (now, or when its non-blocking I/O completes) and returns true, or
/// returns false (without answering) to have the route's worker handler answer instead.
using AsyncIdHandler = std::function<bool(const QString &, const Request &, const Respond &)>;

} // namespace boxoffice::server::http
