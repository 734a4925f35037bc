// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "handlers.h"

#include <QByteArray>

#include <functional>

namespace boxoffice::server::http {

/// Writes an export's lines: calls `push` with each batch of CSV lines and stops reading when
/// it answers false (the client hung up or stalled).
using CsvProducer = std::function<void(const std::function<bool(const QByteArray &)> &push)>;

/// A streamed CSV download (RFC 4180, UTF-8, `header` first) for routeStreamed(): the
/// producer runs on the export pool and its lines go out at the pace the client reads, so an
/// export of any length needs constant memory (chunkedstream.h). A client that stops reading
/// cuts the export short; so does a database failure, and the client sees the body incomplete.
StreamWork csvDownload(const QByteArray &filename, const QByteArray &header, CsvProducer rows);

} // namespace boxoffice::server::http
