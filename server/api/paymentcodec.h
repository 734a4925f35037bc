// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/answer.h"
#include "domain/paymentservice.h"

namespace boxoffice::server::api {

/// POST /payments/webhook's answer: 200 `{"received":true,"outcome":...}`, or the problem.
Answer webhookAnswer(const domain::Result<domain::WebhookReceipt> &receipt);

} // namespace boxoffice::server::api
