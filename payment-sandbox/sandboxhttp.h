// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonObject>

#include <optional>

namespace boxoffice::sandbox {

/// Largest request body the sandbox reads.
constexpr qsizetype kMaxBodyBytes = 64 * 1024;

/// A JSON response with any status code.
QHttpServerResponse jsonResponse(int status, const QJsonObject &body);
/// A raw JSON body (for idempotent replays of the exact first answer).
QHttpServerResponse rawJsonResponse(int status, const QByteArray &body);
/// `{"error":{"code","message"}}` with the status.
QHttpServerResponse errorResponse(int status, const QString &code, const QString &message);
QJsonObject errorBody(const QString &code, const QString &message);

/// A request header, matched case-insensitively.
QByteArray header(const QHttpServerRequest &request, const QByteArray &name);

/// Parses the body as a JSON object; on failure fills `error` with a 400/413 response.
std::optional<QJsonObject> jsonBody(const QHttpServerRequest &request,
                                    std::optional<QHttpServerResponse> *error);

/// Equality that takes as long whatever the first difference (API keys, client secrets): the
/// time of a refusal says nothing about how much of a guess was right. Only the length shows.
bool constantTimeEquals(QByteArrayView a, QByteArrayView b);

/// A positive whole number within `max` from a JSON value; nullopt for anything else.
std::optional<qint64> wholeNumber(const QJsonValue &value, qint64 max);

} // namespace boxoffice::sandbox
