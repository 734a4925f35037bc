// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace boxoffice::sandbox {

/// A payment intent held by the sandbox.
struct IntentRecord
{
    QString id;
    QString clientSecret;
    QString status; ///< requires_confirmation | processing | succeeded | failed | cancelled
    qint64 amountCents = 0;
    qint64 amountRefundedCents = 0;
    QString currency;
    QString orderId;
    QJsonObject metadata;
    QString lastError;      ///< e.g. card_declined
    QString pendingOutcome; ///< while processing: the status it will reach (survives restarts)
    qint64 created = 0;
};

/// A refund (always succeeds at once in the sandbox).
struct RefundRecord
{
    QString id;
    QString intentId;
    qint64 amountCents = 0;
    QString currency;
    QString status;
    qint64 created = 0;
};

/// The first answer to an idempotent request, replayed for the same key and body.
struct IdempotencyRecord
{
    QByteArray requestHash;
    int status = 0;
    QByteArray body;
};

/// A webhook event and how its delivery went.
struct EventRecord
{
    QString id;
    QString type;
    QByteArray body; ///< exact bytes sent on every attempt
    QString status;  ///< pending | held | delivered | failed | dropped
    int attempts = 0;
    int deliveries = 0; ///< 2xx answers received
    int lastHttpStatus = 0;
    QString lastError;
    qint64 created = 0;
};

} // namespace boxoffice::sandbox
