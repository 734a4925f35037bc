// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "linktoken.h"
#include "principal.h"
#include "result.h"

#include "db/rows/tickettransfer.h"

namespace boxoffice::server::domain {

class TicketCodes;

using db::PendingTransfer;
using db::ReceivedTicket;
using db::TransferOffer;

/// What GET /me/transfers lists: the caller's pending offers and the tickets passed to them.
struct MyTransfers
{
    QList<PendingTransfer> offered;
    QList<ReceivedTicket> received;
};

/// What an accepted transfer gave the recipient.
struct AcceptedTransfer
{
    QString ticketId;
    QString eventId;
    QString code;
    int version = 0;
};

/// Passing a ticket on by e-mail (docs/web-shop.md "Passing a ticket on"). The holder offers it
/// with a single-use, expiring link mailed to the recipient; accepting it locks the ticket's row
/// (as a door scan does), bumps its version with a new signed code (the old one is revoked) and
/// queues both mails, in one transaction. Every rule is checked against the locked row.
class TicketTransfers
{
public:
    TicketTransfers(db::Database &database, const TicketCodes &codes, LinkSettings settings);

    /// POST /tickets/{id}/transfer: replaces any pending offer of the ticket.
    Result<PendingTransfer> offer(const Principal &caller,
                                  const QString &ticketId,
                                  const QString &email);
    /// DELETE /tickets/{id}/transfer: NotFound when nothing is pending.
    Result<bool> cancel(const Principal &caller, const QString &ticketId);
    /// POST /transfers/lookup: what a link offers, before accepting it.
    Result<TransferOffer> lookup(const QString &token);
    /// POST /transfers/accept: the ticket is the caller's, with a new code.
    Result<AcceptedTransfer> accept(const Principal &caller, const QString &token);
    /// GET /me/transfers.
    Result<MyTransfers> mine(const Principal &caller);

private:
    db::Database &m_database;
    const TicketCodes &m_codes;
    LinkSettings m_settings;
};

} // namespace boxoffice::server::domain
