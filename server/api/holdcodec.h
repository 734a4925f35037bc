// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/hold.h"
#include "domain/idempotency.h"
#include "domain/result.h"

#include <QJsonObject>

namespace boxoffice::server::api {

/// A hold as the API shows it (POST /holds, GET /holds/{id}, the WS hold.* answers).
QJsonObject holdJson(const domain::Hold &hold);
/// holdJson() read back, for a replayed answer; the owner is not in it.
domain::Hold holdFromJson(const QJsonObject &json);

/// How a keyed POST /holds (WS hold.create) keeps its first answer, 201 with the hold, and
/// replays it. A replayed hold's remainingMs is its time left by the database's clock then.
domain::AnswerCodec<domain::Hold> holdCodec();

} // namespace boxoffice::server::api
