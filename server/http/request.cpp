// SPDX-License-Identifier: GPL-3.0-or-later
#include "request.h"

#include <QHttpServerRequest>
#include <QRandomGenerator>

#include <algorithm>
#include <cctype>

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

QString Request::documentLanguage() const
{
    const QString asked = query.queryItemValue(QStringLiteral("lang"));
    if (asked == u"es" || asked == u"en")
        return asked;
    for (const QByteArray &item : header("accept-language").split(',')) {
        const QByteArray tag = item.split(';').first().trimmed().toLower();
        if (tag.startsWith("es"))
            return QStringLiteral("es");
        if (tag.startsWith("en"))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

const QByteArray &Request::ensureRequestId() const
{
    if (!requestId.isEmpty())
        return requestId;
    const QByteArray given = header("X-Request-Id");
    const bool sane = !given.isEmpty() && given.size() <= 128
                      && std::all_of(given.begin(), given.end(), [](char c) {
                             return std::isalnum(static_cast<unsigned char>(c)) || c == '.'
                                    || c == '_' || c == ':' || c == '-';
                         });
    if (sane) {
        requestId = given;
    } else {
        const quint64 random = QRandomGenerator::global()->generate64();
        requestId = QByteArray::number(random, 16).rightJustified(16, '0');
    }
    return requestId;
}

namespace {
thread_local QByteArray t_requestId;
} // namespace

RequestIdScope::RequestIdScope(const Request &request)
    : m_previous(t_requestId)
{
    t_requestId = request.ensureRequestId();
}

RequestIdScope::~RequestIdScope()
{
    t_requestId = m_previous;
}

QByteArray RequestIdScope::current()
{
    return t_requestId;
}

bool Request::hasHeader(QByteArrayView name) const
{
    return std::any_of(headers.begin(), headers.end(), [&](const auto &pair) {
        return pair.first.compare(name, Qt::CaseInsensitive) == 0;
    });
}

} // namespace boxoffice::server::http
