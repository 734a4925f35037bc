// SPDX-License-Identifier: GPL-3.0-or-later
#include "paymentcodec.h"

#include "problem.h"

namespace boxoffice::server::api {

Answer webhookAnswer(const domain::Result<domain::WebhookReceipt> &receipt)
{
    if (!receipt)
        return problem(receipt.error());
    return Answer{200,
                  QJsonObject{{QStringLiteral("received"), true},
                              {QStringLiteral("outcome"), receipt->outcome}}};
}

} // namespace boxoffice::server::api
