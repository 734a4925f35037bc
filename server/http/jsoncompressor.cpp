// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsoncompressor.h"

#include "gzip.h"

#include <QHash>
#include <QMutex>

#include <atomic>
#include <future>

namespace boxoffice::server::http {

namespace {

constexpr qsizetype kMinimumBytes = 1024;
constexpr qsizetype kCachedAnswers = 32;

// Every header an answer of this server may carry (QHttpServerResponse cannot list its own).
constexpr const char *kCarried[] = {"ETag",
                                    "Retry-After",
                                    "Location",
                                    "Allow",
                                    "Cache-Control",
                                    "Set-Cookie",
                                    "Idempotent-Replayed",
                                    "Content-Disposition",
                                    "WWW-Authenticate",
                                    "Vary",
                                    "X-Request-Id"};

struct Cached
{
    QByteArray plainHash; // cheap guard: the same ETag must mean the same bytes
    QByteArray gzip;
};

QByteArray fingerprint(const QByteArray &body)
{
    // Size plus both ends: a different representation under the same ETag is caught without
    // hashing megabytes on every request.
    return QByteArray::number(body.size()) + body.left(64) + body.right(64);
}

// Level 3 for big bodies: the 60,000-seat map (6.8 MB) takes ~75 ms and 395 KB, against
// ~290 ms and 379 KB at the default 6; it is compressed again for every new version.
int levelFor(const QByteArray &body)
{
    return body.size() > 256 * 1024 ? 3 : 6;
}

struct Flight
{
    QByteArray plainHash;
    std::shared_future<QByteArray> gzip;
};

QMutex g_mutex;
QHash<QByteArray, Cached> g_cache;    // path + ETag -> compressed body
QHash<QByteArray, Flight> g_inFlight; // being compressed now: later readers wait for it
std::atomic<qint64> g_compressions = 0;

QByteArray compress(const QByteArray &body)
{
    ++g_compressions;
    return Gzip::compress(body, levelFor(body));
}

// Single flight: readers who arrive together for a new version wait for one compression.
QByteArray compressedBody(const QByteArray &body, const QByteArray &key)
{
    if (key.isEmpty())
        return compress(body);
    const QByteArray print = fingerprint(body);
    std::promise<QByteArray> mine;
    {
        QMutexLocker locker(&g_mutex);
        const auto it = g_cache.constFind(key);
        if (it != g_cache.constEnd() && it->plainHash == print)
            return it->gzip;
        const auto flying = g_inFlight.constFind(key);
        if (flying != g_inFlight.constEnd() && flying->plainHash == print) {
            const std::shared_future<QByteArray> gzip = flying->gzip;
            locker.unlock();
            return gzip.get();
        }
        g_inFlight.insert(key, {print, mine.get_future().share()});
    }
    QByteArray gzip = compress(body);
    mine.set_value(gzip);
    QMutexLocker locker(&g_mutex);
    g_inFlight.remove(key);
    if (g_cache.size() >= kCachedAnswers)
        g_cache.clear(); // a small cache: starting over is cheaper than keeping an order
    g_cache.insert(key, {print, gzip});
    return gzip;
}

} // namespace

qint64 JsonCompressor::compressions()
{
    return g_compressions.load();
}

QHttpServerResponse JsonCompressor::apply(QHttpServerResponse &&response, const Request &request)
{
    const QByteArray mime = response.mimeType();
    if (!mime.startsWith("application/json") && !mime.startsWith("application/problem+json"))
        return std::move(response);
    const QByteArray body = response.data();
    if (body.size() < kMinimumBytes || response.hasHeader("Content-Encoding"))
        return std::move(response);
    if (!Gzip::accepted(request.header("accept-encoding")))
        return std::move(response);
    const QList<QByteArray> etags = response.headers("ETag");
    const QByteArray key = etags.isEmpty() ? QByteArray()
                                           : request.url.path().toUtf8() + ' ' + etags.first();
    QByteArray gzip = compressedBody(body, key);
    if (gzip.isEmpty())
        return std::move(response);
    QHttpServerResponse out(mime, std::move(gzip), response.statusCode());
    for (const char *name : kCarried) {
        for (const QByteArray &value : response.headers(name))
            out.addHeader(QByteArray(name), value);
    }
    out.addHeader("Content-Encoding", "gzip");
    if (!out.hasHeader("Vary"))
        out.addHeader("Vary", "Accept-Encoding");
    return out;
}

} // namespace boxoffice::server::http
