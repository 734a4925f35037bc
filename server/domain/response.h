// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <QJsonObject>

namespace boxoffice::server::domain {

/// Transitional: an answer in protocol terms (status + JSON body), returned by the services not
/// yet converted to Result<T>. It goes away with the last of them.
struct Response
{
    int status = 200;
    QJsonObject body;

    bool isError() const { return status >= 400; }
    /// The problem answer of `error` (problemBody()).
    static Response fromError(const Error &error);
};

/// Transitional: the problem+json object of `error`, for Response and for the idempotency store
/// (which keeps first answers as JSON). The edge reaches it as api::problemJson; it moves there
/// when the idempotency store stops keeping JSON built in domain.
QJsonObject problemBody(const Error &error);

} // namespace boxoffice::server::domain
