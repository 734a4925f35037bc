// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Ticket transfers as db/tickettransferrepository reads and writes them (migration 0110).

#include <QByteArray>
#include <QList>
#include <QString>

namespace boxoffice::server::db {

/// A ticket as a transfer sees it, its row locked until the transaction ends.
struct TransferableTicket
{
    QString id;
    QString eventId;
    QString seatId;
    QString gaId;
    QString status; ///< valid, void
    int version = 0;
    bool used = false;
    QString holder;      ///< who holds it now (the order's owner unless passed on)
    QString orderStatus; ///< paid, refunded, ...
    bool transfersEnabled = true;
    bool tooLate = false; ///< past the event's last moment for transfers (or its start)
    bool cancelled = false;
};

/// An offer as its link's token finds it (its row untouched).
struct TransferOffer
{
    qint64 id = 0;
    QString ticketId;
    /// live, used (accepted), withdrawn (the ticket stopped being valid), expired (time ran
    /// out, cancelled or replaced)
    QString state;
    QString sender;
    int fromVersion = 0;
    QString eventTitle;
    QString startsAt; ///< ISO 8601, UTC
    QString senderName;
    QString section, row, number, gaName;
    QString recipientEmail; ///< the address it was offered to, as the giver typed it
};

/// A pending offer as its sender lists it.
struct PendingTransfer
{
    QString ticketId;
    QString email;
    QString createdAt;
    QString expiresAt;
};

/// A ticket passed on to the caller.
struct ReceivedTicket
{
    QString ticketId;
    QString eventId;
    QString eventTitle;
    QString startsAt;
    QString seatId;
    QString gaId;
    QString code;
    QString section, row, number, gaName;
};

/// A new offer: to whom, the token (its hash is stored; the token only until mailed), how long
/// it lives, in which language the mail goes when the address has no account.
struct NewTransfer
{
    QString ticketId;
    QString sender;
    QString senderName;
    QString email;
    QByteArray tokenHash;
    QString token;
    int fromVersion = 0;
    qint64 ttlSeconds = 0;
    QString locale;
};

} // namespace boxoffice::server::db
