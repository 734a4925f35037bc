// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/paymentservice.h"
#include "domain/response.h"

namespace boxoffice::server::api {

/// POST /payments/webhook's answer: 200 `{"received":true,"outcome":...}`, or the problem.
domain::Response webhookAnswer(const domain::Result<domain::WebhookReceipt> &receipt);

} // namespace boxoffice::server::api
