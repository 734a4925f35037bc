// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "accountmail.h"

#include <QDateTime>
#include <QString>

namespace boxoffice::server::mail {

/// What a transfer mail says: the offer (to the recipient, with its link), or that it went
/// through (`sent` to the old holder, `received` with the new code to the new one).
struct TransferMailFacts
{
    QString kind;       ///< offer, sent, received
    QString name;       ///< the addressee's name (may be empty)
    QString otherParty; ///< who offered it, or who took it
    QString eventTitle;
    QDateTime startsAt; ///< UTC
    QString timeZone;
    QString place; ///< placeLine()
    QString link;  ///< offer: the accept page with the token; else the shop's "My tickets"
    QString code;  ///< received: the new code (empty when the ticket moved on meanwhile)
    QString locale;
    int validHours = 0;
};

/// The subject and bodies of a transfer mail in the fan's language (en, es).
AccountMailText composeTransferMail(const TransferMailFacts &facts);

} // namespace boxoffice::server::mail
