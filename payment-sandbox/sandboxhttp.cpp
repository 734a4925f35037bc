// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandboxhttp.h"

#include <QJsonDocument>

#include <cmath>

namespace boxoffice::sandbox {

QHttpServerResponse rawJsonResponse(int status, const QByteArray &body)
{
    return QHttpServerResponse(QByteArrayLiteral("application/json"),
                               body,
                               static_cast<QHttpServerResponse::StatusCode>(status));
}

QHttpServerResponse jsonResponse(int status, const QJsonObject &body)
{
    return rawJsonResponse(status, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QJsonObject errorBody(const QString &code, const QString &message)
{
    return {{QStringLiteral("error"),
             QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}};
}

QHttpServerResponse errorResponse(int status, const QString &code, const QString &message)
{
    return jsonResponse(status, errorBody(code, message));
}

QByteArray header(const QHttpServerRequest &request, const QByteArray &name)
{
    for (const auto &[key, value] : request.headers()) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

std::optional<QJsonObject> jsonBody(const QHttpServerRequest &request,
                                    std::optional<QHttpServerResponse> *error)
{
    const QByteArray body = request.body();
    if (body.size() > kMaxBodyBytes) {
        error->emplace(errorResponse(413,
                                     QStringLiteral("payload_too_large"),
                                     QStringLiteral("body over 64 KiB")));
        return std::nullopt;
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        error->emplace(errorResponse(400,
                                     QStringLiteral("bad_request"),
                                     QStringLiteral("body must be a JSON object")));
        return std::nullopt;
    }
    return document.object();
}

bool constantTimeEquals(QByteArrayView a, QByteArrayView b)
{
    if (a.size() != b.size())
        return false;
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

std::optional<qint64> wholeNumber(const QJsonValue &value, qint64 max)
{
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (!std::isfinite(number) || std::floor(number) != number || number < 1
        || number > static_cast<double>(max))
        return std::nullopt;
    return static_cast<qint64>(number);
}

} // namespace boxoffice::sandbox
