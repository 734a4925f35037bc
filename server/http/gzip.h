// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace boxoffice::server::http {

/// gzip (RFC 1952) for HTTP answers, through zlib.
class Gzip
{
public:
    /// True when an `Accept-Encoding` value allows gzip (`gzip` or `*` without `q=0`).
    static bool accepted(QByteArrayView acceptEncoding);
    /// `data` compressed; empty on failure (never expected).
    static QByteArray compress(QByteArrayView data, int level = 6);
    /// `data` decompressed (tests and tools); empty when it is not gzip.
    static QByteArray decompress(QByteArrayView data);
};

} // namespace boxoffice::server::http
