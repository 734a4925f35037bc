// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::server::db {

class Tx;

/// The payment provider's webhook events as received (`payment_events`): each is processed
/// once, and its outcome is kept for support.
class ProviderEventRepository
{
public:
    /// Records a provider event; false when its id was seen before.
    static bool insert(Tx &tx,
                       const QString &eventId,
                       const QString &type,
                       const QString &intentId,
                       const QByteArray &payload);
    static void setOutcome(Tx &tx, const QString &eventId, const QString &outcome);
};

} // namespace boxoffice::server::db
