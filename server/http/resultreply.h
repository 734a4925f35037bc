// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reply.h"

#include "api/resultanswer.h"

namespace boxoffice::server::http {

/// A typed domain answer as an HTTP response: `status` with toJson(value) (an api/ codec), or
/// the problem of its error (api::answerOf). The one place a controller turns a Result into HTTP.
template<class T, class ToJson>
QHttpServerResponse toHttp(const domain::Result<T> &result, int status, ToJson &&toJson)
{
    return toHttp(api::answerOf(result, status, std::forward<ToJson>(toJson)));
}

} // namespace boxoffice::server::http
