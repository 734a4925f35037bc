// SPDX-License-Identifier: GPL-3.0-or-later
#include "problem.h"

#include "domain/response.h"

namespace boxoffice::server::api {

Problem problem(const domain::Error &error)
{
    return {domain::errorStatus(error.code()), problemJson(error)};
}

QJsonObject problemJson(const domain::Error &error)
{
    // Built in domain while domain::Response and the idempotency store still need it there.
    return domain::problemBody(error);
}

} // namespace boxoffice::server::api
