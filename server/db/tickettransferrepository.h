// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/tickettransfer.h"

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// Ticket transfers (`ticket_transfers`, `tickets.holder`) and their mails (`transfer_mails`),
/// migration 0110.
class TicketTransferRepository
{
public:
    /// The ticket with what the transfer rules need, locked (FOR UPDATE, as a scan locks it).
    static std::optional<TransferableTicket> lock(Tx &tx, const QString &ticketId);
    /// Replaces the ticket's pending offer (if any) with this one and queues its mail.
    static void offer(Tx &tx, const NewTransfer &transfer);
    /// Cancels the ticket's pending offer; false when there was none.
    static bool cancel(Tx &tx, const QString &ticketId);
    /// The offer a token names, or nullopt.
    static std::optional<TransferOffer> find(Tx &tx, const QByteArray &tokenHash);
    /// Marks the live offer accepted by `recipient`: false when it is no longer live (used,
    /// cancelled, replaced, expired). Call with the ticket locked.
    static bool accept(Tx &tx, qint64 transferId, const QString &recipient);
    /// The ticket now belongs to `holder` with a new version and code (the trigger lists the
    /// old version as revoked); both mails are queued.
    static void handOver(Tx &tx,
                         qint64 transferId,
                         const QString &ticketId,
                         const QString &holder,
                         int version,
                         const QString &code);
    /// The pending offers `sender` made.
    static QList<PendingTransfer> pendingOf(Tx &tx, const QString &sender);
    /// The valid tickets passed on to `holder`.
    static QList<ReceivedTicket> receivedBy(Tx &tx, const QString &holder);
};

} // namespace boxoffice::server::db
