// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/invoice.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// Billing details on orders, and the invoices the database issues from them (migration 0102:
/// its triggers number and write every invoice; this only adds details and reads).
class InvoiceRepository
{
public:
    /// Adds the order's billing details; false when it has some already. A paid order gets its
    /// invoice in this statement (the trigger).
    static bool addBilling(Tx &tx, const QString &orderId, const Billing &billing);
    /// The order's invoice and cancellation invoices, oldest first.
    static QList<Invoice> forOrder(Tx &tx, const QString &orderId);
    /// The event's organiser and their series; nullopt for an unknown event.
    static std::optional<EventOrganiser> organiser(Tx &tx, const QString &eventId);
    /// Sets the event's organiser (the event row locked); the one before, nullopt for an
    /// unknown event. Invoices issued from now on take the new organiser's numbers.
    static std::optional<QString> setOrganiser(Tx &tx,
                                               const QString &eventId,
                                               const QString &organiser);
};

} // namespace boxoffice::server::db
