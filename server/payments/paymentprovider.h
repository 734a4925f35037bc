// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "payments/paymenttypes.h"

namespace boxoffice::server::payments {

/// A card payment provider as the server sees it. Implementations are blocking and safe to call
/// from worker threads that have no event loop.
class PaymentProvider
{
public:
    virtual ~PaymentProvider() = default;

    /// Creates a payment intent; the same idempotency key and arguments replay the first answer.
    /// `returnUrl`: where the provider's hosted payment page sends the buyer back (optional).
    virtual PaymentResult<Intent> createIntent(const QString &orderId,
                                               qint64 amountCents,
                                               const QString &currency,
                                               const QString &idempotencyKey,
                                               const QString &returnUrl = {})
        = 0;
    /// The provider's current view of an intent (used by the reconciler).
    virtual PaymentResult<Intent> getIntent(const QString &intentId) = 0;
    /// Refunds part or all of a succeeded intent; idempotent by key.
    virtual PaymentResult<Refund> refund(const QString &intentId,
                                         qint64 amountCents,
                                         const QString &idempotencyKey)
        = 0;
};

} // namespace boxoffice::server::payments
