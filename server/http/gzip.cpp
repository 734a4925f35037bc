// SPDX-License-Identifier: GPL-3.0-or-later
#include "gzip.h"

#include <QList>

#include <zlib.h>

namespace boxoffice::server::http {

namespace {
constexpr int kGzipWindow = 15 + 16; // zlib: 15-bit window, gzip wrapper
} // namespace

bool Gzip::accepted(QByteArrayView acceptEncoding)
{
    for (const QByteArray &item : acceptEncoding.toByteArray().split(',')) {
        const QList<QByteArray> parts = item.split(';');
        const QByteArray coding = parts.first().trimmed().toLower();
        if (coding != "gzip" && coding != "*")
            continue;
        bool refused = false;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QByteArray parameter = parts.at(i).trimmed().toLower();
            if (parameter.startsWith("q=") && parameter.mid(2).toDouble() <= 0.0)
                refused = true;
        }
        if (!refused)
            return true;
    }
    return false;
}

QByteArray Gzip::compress(QByteArrayView data, int level)
{
    z_stream stream{};
    if (deflateInit2(&stream, level, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    QByteArray out;
    out.resize(qsizetype(deflateBound(&stream, uLong(data.size()))));
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    const int result = deflate(&stream, Z_FINISH);
    const qsizetype written = qsizetype(stream.total_out);
    deflateEnd(&stream);
    if (result != Z_STREAM_END)
        return {};
    out.truncate(written);
    return out;
}

QByteArray Gzip::decompress(QByteArrayView data)
{
    z_stream stream{};
    if (inflateInit2(&stream, kGzipWindow) != Z_OK)
        return {};
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = uInt(data.size());
    QByteArray out;
    int result = Z_OK;
    while (result == Z_OK) {
        const qsizetype before = out.size();
        out.resize(before + 64 * 1024);
        stream.next_out = reinterpret_cast<Bytef *>(out.data() + before);
        stream.avail_out = 64 * 1024;
        result = inflate(&stream, Z_NO_FLUSH);
        out.truncate(before + (64 * 1024 - qsizetype(stream.avail_out)));
    }
    inflateEnd(&stream);
    return result == Z_STREAM_END ? out : QByteArray();
}

} // namespace boxoffice::server::http
