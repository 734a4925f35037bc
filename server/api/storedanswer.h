// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/idempotency.h"

#include <QJsonObject>

#include <utility>

namespace boxoffice::server::api {

/// `body` with `status` in the idempotency store's form (compact JSON text).
domain::StoredAnswerText storedJson(int status, const QJsonObject &body);
/// The JSON object of a stored answer.
QJsonObject storedObject(const domain::StoredAnswerText &stored);

/// A refusal as the store keeps it: its problem object (api::problem) and status.
domain::StoredAnswerText storedProblem(const domain::Error &error);
/// The Error of a stored problem, with every detail api::problem writes: replaying it writes
/// the same problem again.
domain::Error storedError(const domain::StoredAnswerText &stored);

/// The codec of a T kept as JSON: `toJson` writes the body of a success with `status`,
/// `fromJson` reads it back; refusals are kept as problems.
template<class T, class ToJson, class FromJson>
domain::AnswerCodec<T> jsonAnswerCodec(int status, ToJson toJson, FromJson fromJson)
{
    return {[status, toJson](const T &value) { return storedJson(status, toJson(value)); },
            [fromJson](const domain::StoredAnswerText &stored) {
                return fromJson(storedObject(stored));
            },
            storedProblem,
            storedError};
}

} // namespace boxoffice::server::api
