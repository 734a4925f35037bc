// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reply.h"

#include "domain/result.h"

namespace boxoffice::server::http {

/// A typed domain answer as an HTTP response: `status` with toJson(value) (an api/ codec), or
/// the problem of its error. The one place a controller turns a Result into HTTP.
template<class T, class ToJson>
QHttpServerResponse toHttp(const domain::Result<T> &result, int status, ToJson &&toJson)
{
    if (!result.ok())
        return problem(result.error());
    return toHttp(api::Answer{status, toJson(result.value())});
}

} // namespace boxoffice::server::http
