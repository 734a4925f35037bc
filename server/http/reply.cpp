// SPDX-License-Identifier: GPL-3.0-or-later
#include "reply.h"

#include "api/problem.h"
#include "metrics/registry.h"
#include "request.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <algorithm>
#include <atomic>
#include <mutex>

namespace boxoffice::server::http {

Q_LOGGING_CATEGORY(lcReply, "boxoffice.http")

namespace {

// boxoffice_http_responses_total{class}: the error-rate alert's numerator and denominator.
void countResponse(int status)
{
    static const char *const kClasses[] = {"1xx", "2xx", "3xx", "4xx", "5xx"};
    static metrics::Counter *counters[5] = {};
    static std::once_flag once;
    std::call_once(once, [] {
        for (int i = 0; i < 5; ++i)
            counters[i] = &metrics::Registry::instance().counter(
                QStringLiteral("boxoffice_http_responses_total"),
                QStringLiteral("HTTP answers built by the API, by status class."),
                QStringLiteral("class=\"%1\"").arg(QLatin1String(kClasses[i])));
    });
    counters[std::clamp(status / 100 - 1, 0, 4)]->add();
}

// At most this many 5xx lines a second: an outage answers thousands of 503s, the log needs a
// sample of them (each with its request id), not a flood.
bool shouldLogServerError()
{
    constexpr int kPerSecond = 20;
    static std::atomic<qint64> second{0};
    static std::atomic<int> count{0};
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (second.exchange(now) != now)
        count = 0;
    return count.fetch_add(1) < kPerSecond;
}

} // namespace

QHttpServerResponse toHttp(const api::Answer &response,
                           const QList<QPair<QByteArray, QByteArray>> &headers)
{
    const auto status = static_cast<QHttpServerResponse::StatusCode>(response.status);
    countResponse(response.status);
    const QByteArray requestId = RequestIdScope::current();
    if (response.status == 204 || response.status == 304) {
        QHttpServerResponse out(status);
        for (const auto &[name, value] : headers)
            out.setHeader(name, value);
        if (!requestId.isEmpty())
            out.setHeader(QByteArrayLiteral("X-Request-Id"), requestId);
        return out;
    }
    const QByteArray mime = response.isError() ? QByteArrayLiteral("application/problem+json")
                                               : QByteArrayLiteral("application/json");
    QJsonObject body = response.body;
    if (response.isError() && !requestId.isEmpty())
        body.insert(QStringLiteral("request_id"), QString::fromLatin1(requestId));
    if (response.status >= 500 && shouldLogServerError()) // the fan's request_id finds it
        qCWarning(lcReply).noquote()
            << "problem" << response.status << body.value(u"code").toString()
            << body.value(u"detail").toString();
    QHttpServerResponse out(mime, QJsonDocument(body).toJson(QJsonDocument::Compact), status);
    if (response.status == 429 || response.status == 503) {
        // A problem may say how long to wait (`retry_after`, seconds); 1 s otherwise.
        const int wait = std::max(1, response.body.value(u"retry_after").toInt(1));
        out.setHeader(QByteArrayLiteral("Retry-After"), QByteArray::number(wait));
    }
    for (const auto &[name, value] : headers)
        out.setHeader(name, value);
    if (!requestId.isEmpty())
        out.setHeader(QByteArrayLiteral("X-Request-Id"), requestId);
    return out;
}

QHttpServerResponse jsonReply(const QByteArray &json)
{
    return QHttpServerResponse(QByteArrayLiteral("application/json"), json);
}

QHttpServerResponse problem(const domain::Error &error)
{
    api::Answer answer = api::problem(error);
    return toHttp(api::Answer{answer.status, std::move(answer.body)});
}

QHttpServerResponse withRequestId(QHttpServerResponse &&response, const QByteArray &id)
{
    if (id.isEmpty() || response.hasHeader(QByteArrayLiteral("X-Request-Id")))
        return std::move(response);
    if (response.mimeType() != "application/problem+json") {
        response.setHeader(QByteArrayLiteral("X-Request-Id"), id);
        return std::move(response);
    }
    QJsonObject body = QJsonDocument::fromJson(response.data()).object();
    body.insert(QStringLiteral("request_id"), QString::fromLatin1(id));
    QHttpServerResponse out(response.mimeType(),
                            QJsonDocument(body).toJson(QJsonDocument::Compact),
                            response.statusCode());
    for (const QByteArray &value : response.headers(QByteArrayLiteral("Retry-After")))
        out.setHeader(QByteArrayLiteral("Retry-After"), value);
    out.setHeader(QByteArrayLiteral("X-Request-Id"), id);
    return out;
}

} // namespace boxoffice::server::http
