// SPDX-License-Identifier: GPL-3.0-or-later
#include "simplerequest.h"

namespace boxoffice::server::http {

namespace {

constexpr qsizetype kMaxHead = 8192;
// Qt's header parser keeps at most 100 fields (QHttpHeaderParser): a request with more is Qt's
// to handle, so both sides always see the same headers (fuzz_rawfront found the difference).
constexpr qsizetype kMaxHeaderFields = 100;

bool isTokenChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
           || c == '_';
}

// The path characters taken here: those that need no decoding and mean the same to QUrl.
bool isPathChar(char c)
{
    return isTokenChar(c) || c == '/' || c == '.' || c == '~';
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

} // namespace

SimpleRequest::Result SimpleRequest::parse(QByteArrayView buffer,
                                           SimpleRequest &out,
                                           qsizetype maxBody)
{
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return buffer.size() > kMaxHead ? Result::NotSimple : Result::Incomplete;
    if (headEnd > kMaxHead)
        return Result::NotSimple;
    const QByteArrayView head = buffer.first(headEnd);
    qsizetype lineEnd = head.indexOf("\r\n");
    const QByteArrayView requestLine = lineEnd < 0 ? head : head.first(lineEnd);
    // METHOD SP path SP HTTP/1.1, single spaces only.
    const qsizetype firstSpace = requestLine.indexOf(' ');
    if (firstSpace <= 0)
        return Result::NotSimple;
    const qsizetype secondSpace = requestLine.indexOf(' ', firstSpace + 1);
    if (secondSpace <= firstSpace + 1 || requestLine.sliced(secondSpace + 1) != "HTTP/1.1")
        return Result::NotSimple;
    const QByteArrayView method = requestLine.first(firstSpace);
    const QByteArrayView path = requestLine.sliced(firstSpace + 1, secondSpace - firstSpace - 1);
    if (!std::all_of(method.begin(), method.end(), [](char c) { return c >= 'A' && c <= 'Z'; })
        || path.front() != '/' || !std::all_of(path.begin(), path.end(), isPathChar)
        || path.contains("//") || path.contains("/./") || path.contains("/../")
        || path.endsWith("/.") || path.endsWith("/..")) {
        return Result::NotSimple;
    }
    out.method = method.toByteArray();
    out.path = path.toByteArray();
    out.headers.clear();
    qsizetype contentLength = 0;
    bool sawLength = false;
    while (lineEnd >= 0) {
        const qsizetype start = lineEnd + 2;
        lineEnd = head.indexOf("\r\n", start);
        const QByteArrayView line = lineEnd < 0 ? head.sliced(start)
                                                : head.sliced(start, lineEnd - start);
        const qsizetype colon = line.indexOf(':');
        // No folded lines, no bare CR or LF, no odd names.
        if (colon <= 0 || line.contains('\n') || line.contains('\r')
            || !std::all_of(line.begin(), line.begin() + colon, isTokenChar)) {
            return Result::NotSimple;
        }
        if (out.headers.size() == kMaxHeaderFields)
            return Result::NotSimple;
        const QByteArrayView name = line.first(colon);
        const QByteArrayView value = line.sliced(colon + 1).trimmed();
        if (equalsIgnoringCase(name, "transfer-encoding") || equalsIgnoringCase(name, "expect")
            || equalsIgnoringCase(name, "upgrade")) {
            return Result::NotSimple;
        }
        if (equalsIgnoringCase(name, "connection") && !equalsIgnoringCase(value, "keep-alive"))
            return Result::NotSimple;
        if (equalsIgnoringCase(name, "content-length")) {
            bool ok = false;
            const qlonglong length = value.toLongLong(&ok);
            if (sawLength || !ok || length < 0 || length > maxBody
                || !std::all_of(value.begin(), value.end(), [](char c) {
                       return c >= '0' && c <= '9';
                   })) {
                return Result::NotSimple;
            }
            sawLength = true;
            contentLength = qsizetype(length);
        }
        out.headers.append({name.toByteArray(), value.toByteArray()});
    }
    const qsizetype size = headEnd + 4 + contentLength;
    if (buffer.size() < size)
        return Result::Incomplete;
    out.body = buffer.sliced(headEnd + 4, contentLength).toByteArray();
    out.size = size;
    return Result::Complete;
}

QByteArray SimpleRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (equalsIgnoringCase(key, name))
            return value;
    }
    return {};
}

} // namespace boxoffice::server::http
