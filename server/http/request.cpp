#include "request.h"

#include <QHttpServerRequest>

namespace boxoffice::server::http {

namespace {

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    default:
        return "OTHER";
    }
}

} // namespace

Request Request::from(const QHttpServerRequest &request)
{
    Request out;
    out.method = methodName(request.method());
    out.url = request.url();
    out.query = request.query();
    out.headers = request.headers();
    out.body = request.body();
    out.remoteAddress = request.remoteAddress().toString();
    return out;
}

QByteArray Request::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool Request::hasHeader(QByteArrayView name) const
{
    return std::any_of(headers.begin(), headers.end(), [&](const auto &pair) {
        return pair.first.compare(name, Qt::CaseInsensitive) == 0;
    });
}

} // namespace boxoffice::server::http
