// SPDX-License-Identifier: GPL-3.0-or-later
#include "webshop.h"

#include "domain/error.h"
#include "gzip.h"
#include "reply.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <optional>
#include <utility>

namespace boxoffice::server::http {

namespace {

constexpr qint64 kMaxFileBytes = 32 * 1024 * 1024;
constexpr qsizetype kMinCompressBytes = 256;

struct Type
{
    const char *suffix;
    const char *mime;
    bool compressible;
};

constexpr Type kTypes[] = {
    {"html", "text/html; charset=utf-8", true},
    {"js", "text/javascript; charset=utf-8", true},
    {"mjs", "text/javascript; charset=utf-8", true},
    {"css", "text/css; charset=utf-8", true},
    {"json", "application/json", true},
    {"map", "application/json", true},
    {"webmanifest", "application/manifest+json", true},
    {"svg", "image/svg+xml", true},
    {"txt", "text/plain; charset=utf-8", true},
    {"png", "image/png", false},
    {"jpg", "image/jpeg", false},
    {"jpeg", "image/jpeg", false},
    {"webp", "image/webp", false},
    {"ico", "image/x-icon", false},
    {"woff2", "font/woff2", false},
    {"woff", "font/woff", false},
};

const Type *typeOf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const Type &type : kTypes) {
        if (suffix == QLatin1String(type.suffix))
            return &type;
    }
    return nullptr;
}

QHttpServerResponse notFound(const QString &detail)
{
    return problem(domain::Error(domain::ErrorCode::NotFound, detail));
}

// The path's segments when every one is an ordinary name (no "..", ".", hidden files,
// backslashes or control characters); nullopt otherwise.
std::optional<QStringList> safeSegments(const QString &path)
{
    QStringList segments = path.split(u'/', Qt::SkipEmptyParts);
    for (const QString &segment : std::as_const(segments)) {
        if (segment.startsWith(u'.') || segment.contains(u'\\') || segment.contains(u':'))
            return std::nullopt;
        for (const QChar c : segment) {
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                return std::nullopt;
        }
    }
    return segments;
}

bool matchesEtag(const QByteArray &ifNoneMatch, const QByteArray &etag)
{
    for (QByteArray candidate : ifNoneMatch.split(',')) {
        candidate = candidate.trimmed();
        if (candidate.startsWith("W/"))
            candidate = candidate.mid(2);
        if (candidate == etag || candidate == "*")
            return true;
    }
    return false;
}

} // namespace

WebShop::WebShop(QString root, QByteArray paymentOrigin)
    : m_root(QDir(root).absolutePath())
{
    // No inline script or style anywhere: a title that smuggles markup stays text.
    m_policy = "default-src 'self'; script-src 'self'; style-src 'self'; "
               "img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ws: wss:; "
               "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
    if (!paymentOrigin.isEmpty())
        m_policy += ' ' + paymentOrigin;
}

bool WebShop::isInstalled() const
{
    return QFileInfo(m_root + QStringLiteral("/index.html")).isFile();
}

void WebShop::addSecurityHeaders(QHttpServerResponse &response) const
{
    response.setHeader("Content-Security-Policy", m_policy);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "same-origin");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
}

std::shared_ptr<const WebShop::File> WebShop::load(const QString &relative) const
{
    const QFileInfo info(m_root + u'/' + relative);
    // Symbolic links may point anywhere: what is served must really be inside the directory.
    const QString canonical = info.canonicalFilePath();
    const QString canonicalRoot = QFileInfo(m_root).canonicalFilePath();
    if (!info.isFile() || canonical.isEmpty() || canonicalRoot.isEmpty()
        || !canonical.startsWith(canonicalRoot + u'/') || info.size() > kMaxFileBytes)
        return nullptr;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_files.constFind(relative);
        if (it != m_files.constEnd() && (*it)->modified == info.lastModified()
            && (*it)->size == info.size())
            return *it;
    }
    QFile file(canonical);
    if (!file.open(QIODevice::ReadOnly))
        return nullptr;
    auto loaded = std::make_shared<File>();
    loaded->body = file.readAll();
    loaded->modified = info.lastModified();
    loaded->size = info.size();
    const Type *type = typeOf(relative);
    loaded->mime = type ? QByteArray(type->mime) : QByteArrayLiteral("application/octet-stream");
    loaded->etag
        = '"' + QCryptographicHash::hash(loaded->body, QCryptographicHash::Sha256).toHex().left(20)
          + '"';
    if (type && type->compressible && loaded->body.size() >= kMinCompressBytes) {
        QFile precompressed(canonical + QStringLiteral(".gz"));
        const QFileInfo gzInfo(precompressed);
        if (gzInfo.isFile() && gzInfo.lastModified() >= info.lastModified()
            && precompressed.open(QIODevice::ReadOnly))
            loaded->gzip = precompressed.readAll();
        if (Gzip::decompress(loaded->gzip) != loaded->body) // stale or broken: make our own
            loaded->gzip = Gzip::compress(loaded->body, 9);
    }
    QMutexLocker locker(&m_mutex);
    m_files.insert(relative, loaded);
    return loaded;
}

QHttpServerResponse WebShop::answer(const Request &request,
                                    const File &file,
                                    const QByteArray &cacheControl) const
{
    const bool gzip = !file.gzip.isEmpty() && Gzip::accepted(request.header("accept-encoding"));
    // One strong ETag per representation.
    const QByteArray etag = gzip ? file.etag.chopped(1) + "-gz\"" : file.etag;
    const bool head = request.method == "HEAD";
    auto finish = [&](QHttpServerResponse &response) {
        response.setHeader("ETag", etag);
        response.setHeader("Cache-Control", cacheControl);
        if (!file.gzip.isEmpty())
            response.setHeader("Vary", "Accept-Encoding");
        addSecurityHeaders(response);
    };
    if (matchesEtag(request.header("if-none-match"), etag)) {
        QHttpServerResponse notModified(QHttpServerResponse::StatusCode::NotModified);
        finish(notModified);
        return notModified;
    }
    QHttpServerResponse response(file.mime, head ? QByteArray() : (gzip ? file.gzip : file.body));
    if (gzip)
        response.setHeader("Content-Encoding", "gzip");
    finish(response);
    return response;
}

QHttpServerResponse WebShop::serve(const Request &request) const
{
    auto refuse = [this](const QString &detail) {
        QHttpServerResponse response = notFound(detail);
        addSecurityHeaders(response);
        return response;
    };
    const auto segments = safeSegments(request.url.path());
    if (!segments)
        return refuse(QStringLiteral("no such file"));
    const QString relative = segments->join(u'/');
    if (!segments->isEmpty() && segments->first() == u"assets") {
        const auto file = load(relative);
        if (!file)
            return refuse(QStringLiteral("no such asset"));
        // Content-hashed names: a changed file has a new name, so this one never changes.
        return answer(request, *file, "public, max-age=31536000, immutable");
    }
    if (segments->size() == 1 && segments->first() != u"index.html") {
        if (const auto file = load(relative))
            return answer(request, *file, "no-cache");
    }
    // Everything else is one of the shop's client-side routes.
    const auto index = load(QStringLiteral("index.html"));
    if (!index)
        return refuse(QStringLiteral("the web shop is not installed (see --web-dir)"));
    QHttpServerResponse response = answer(request, *index, "no-cache");
    // A seat page needs the event, its seat plan and statuses: the browser fetches them while
    // it loads the script that will ask for them (the same URLs, mode and credentials as its
    // fetch).
    static const QRegularExpression seatPage(
        QStringLiteral("^event/([0-9a-fA-F]{8}-[0-9a-fA-F-]{27})/seats$"));
    if (const auto match = seatPage.match(relative); match.hasMatch()) {
        const QByteArray event = "/events/" + match.captured(1).toLatin1();
        const auto preload = [](const QByteArray &path) -> QByteArray {
            return '<' + path + ">; rel=preload; as=fetch; crossorigin=anonymous";
        };
        response.addHeader("Link",
                           preload(event) + ", " + preload(event + "/seatmap/layout") + ", "
                               + preload(event + "/seatmap?format=status"));
    }
    return response;
}

} // namespace boxoffice::server::http
