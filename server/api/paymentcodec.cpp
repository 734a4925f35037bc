// SPDX-License-Identifier: GPL-3.0-or-later
#include "paymentcodec.h"

#include "problemanswer.h"

namespace boxoffice::server::api {

domain::Response webhookAnswer(const domain::Result<domain::WebhookReceipt> &receipt)
{
    if (!receipt)
        return problemAnswer(receipt.error());
    return domain::Response{200,
                            QJsonObject{{QStringLiteral("received"), true},
                                        {QStringLiteral("outcome"), receipt->outcome}}};
}

} // namespace boxoffice::server::api
