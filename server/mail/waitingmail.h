// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "accountmail.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace boxoffice::server::mail {

/// What a waiting-list offer mail says: seats are held for the fan until a time, and the link
/// to buy them (or pass them on).
struct WaitingMailFacts
{
    QString name; ///< the fan's name (may be empty)
    QString eventTitle;
    QDateTime startsAt;  ///< UTC
    QDateTime expiresAt; ///< UTC: the offer's end
    QString timeZone;
    QStringList places; ///< placeLine() of each seat
    QString link;       ///< the shop's offer page
    QString locale;
};

/// The subject and bodies of an offer mail in the fan's language (en, es).
AccountMailText composeWaitingMail(const WaitingMailFacts &facts);

} // namespace boxoffice::server::mail
