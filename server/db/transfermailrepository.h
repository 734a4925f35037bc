// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mailoutbox.h"

#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A transfer mail claimed for sending, with what it tells about the ticket.
struct TransferMailJob
{
    qint64 id = 0;
    QString kind; ///< offer, sent, received
    QString recipient;
    QString locale;
    QString name;
    QString otherParty; ///< who offered the ticket, or who took it
    QString token;      ///< the offer's secret; empty once wiped (and for the other kinds)
    int attempts = 0;
    int interrupted = 0;
    int validSeconds = 0; ///< how long the offer lives from its making
    QString eventTitle;
    QString startsAt; ///< ISO 8601, UTC
    QString timeZone; ///< the venue's zone; empty: UTC
    QString section, row, number, gaName;
    QString code; ///< `received`: the new code while the recipient still holds the ticket
};

/// The transfer mails' outbox (`transfer_mails`, migration 0110), with the lease and retry rules
/// of the account mails.
class TransferMailRepository : public MailOutbox<TransferMailRepository>
{
public:
    static std::optional<TransferMailJob> claim(Tx &tx, int leaseSeconds);
};

} // namespace boxoffice::server::db
