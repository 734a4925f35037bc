#include "reply.h"

#include <QJsonDocument>

namespace boxoffice::server::http {

QHttpServerResponse toHttp(const domain::Response &response,
                           const QList<QPair<QByteArray, QByteArray>> &headers)
{
    const auto status = static_cast<QHttpServerResponse::StatusCode>(response.status);
    if (response.status == 204 || response.status == 304) {
        QHttpServerResponse out(status);
        for (const auto &[name, value] : headers)
            out.setHeader(name, value);
        return out;
    }
    const QByteArray mime = response.isError() ? QByteArrayLiteral("application/problem+json")
                                               : QByteArrayLiteral("application/json");
    QHttpServerResponse out(mime,
                            QJsonDocument(response.body).toJson(QJsonDocument::Compact),
                            status);
    if (response.status == 429 || response.status == 503) {
        // A problem may say how long to wait (`retry_after`, seconds); 1 s otherwise.
        const int wait = std::max(1, response.body.value(u"retry_after").toInt(1));
        out.setHeader(QByteArrayLiteral("Retry-After"), QByteArray::number(wait));
    }
    for (const auto &[name, value] : headers)
        out.setHeader(name, value);
    return out;
}

QHttpServerResponse jsonReply(const QByteArray &json)
{
    return QHttpServerResponse(QByteArrayLiteral("application/json"), json);
}

QHttpServerResponse problem(const domain::Error &error)
{
    return toHttp(domain::Response::fromError(error));
}

} // namespace boxoffice::server::http
