// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::mail {

/// What an account mail says: which link, to whom, how long it lives.
struct AccountMailFacts
{
    QString purpose; ///< verify, reset, erased (no link)
    QString name;    ///< the fan's name (may be empty)
    QString link;    ///< the shop's page with the token
    QString locale;  ///< en, es (others fall back to English)
    int validHours = 0;
    int validMinutes = 0; ///< when under an hour
};

/// The subject and bodies of an account mail, in the fan's language.
struct AccountMailText
{
    QString subject;
    QString text;
    QString html;
    QString language; ///< en or es
};

AccountMailText composeAccountMail(const AccountMailFacts &facts);

} // namespace boxoffice::server::mail
