// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "request.h"

#include <QHttpServerResponse>

namespace boxoffice::server::http {

/// gzip for JSON answers (application/json and problem+json over 1 KiB) when the request's
/// Accept-Encoding allows it. Answers with an ETag (seat maps) are compressed once per path and
/// ETag: a 60,000-seat map costs its compression once per version, not once per reader, and
/// readers who arrive together for a new version wait for that one compression.
class JsonCompressor
{
public:
    /// `response` as it should go to the client of `request`.
    static QHttpServerResponse apply(QHttpServerResponse &&response, const Request &request);
    /// Bodies compressed so far in this process (tests).
    static qint64 compressions();
};

} // namespace boxoffice::server::http
