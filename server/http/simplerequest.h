// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>

namespace boxoffice::server::http {

/// One plain HTTP/1.1 request taken whole from the front of a connection's buffer: request
/// line, headers, and a small Content-Length body. Anything less ordinary (HTTP/1.0, a query
/// or fragment, percent-encoding, chunked bodies, Expect, Upgrade, Connection: close, folded or
/// repeated framing headers) is left to Qt's parser, which handles all of HTTP.
struct SimpleRequest
{
    enum class Result {
        Complete,   ///< a whole simple request: `size` bytes
        Incomplete, ///< looks simple so far, more bytes are needed
        NotSimple,  ///< let Qt's parser have it
    };

    QByteArray method;
    QByteArray path;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    qsizetype size = 0; ///< bytes the request takes in the buffer

    /// Reads a request from the start of `buffer`; `out` is filled when Complete.
    static Result parse(QByteArrayView buffer, SimpleRequest &out, qsizetype maxBody = 4096);
    /// The first value of a header (case-insensitive name), or empty.
    QByteArray header(QByteArrayView name) const;
};

} // namespace boxoffice::server::http
