// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

namespace boxoffice::server::api {

/// An answer in protocol terms: the status and the JSON body, as REST (http::toHttp) and the
/// WebSocket's RPC replies send it. A refusal is its problem (api::problem()).
struct Answer
{
    int status = 200;
    QJsonObject body;

    bool isError() const { return status >= 400; }
};

} // namespace boxoffice::server::api
