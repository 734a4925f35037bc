// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "answer.h"
#include "problem.h"

#include "domain/result.h"

namespace boxoffice::server::api {

/// A typed domain answer in protocol terms: `status` with toJson(value) (a codec of api/), or
/// the problem of its error. REST (http::toHttp) and the WebSocket replies both go through it.
template<class T, class ToJson>
Answer answerOf(const domain::Result<T> &result, int status, ToJson &&toJson)
{
    if (!result.ok())
        return problem(result.error());
    return Answer{status, toJson(result.value())};
}

} // namespace boxoffice::server::api
