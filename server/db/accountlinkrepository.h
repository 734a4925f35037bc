// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A link to mail: which kind, the hash of its token (stored), the token itself (for the mail
/// only, wiped once sent), how long it lives, and how soon another may follow.
struct NewAccountLink
{
    QString purpose; ///< verify, reset
    QByteArray tokenHash;
    QString token;
    qint64 ttlSeconds = 0;
    qint64 cooldownSeconds = 0; ///< no new link while the last one is younger than this
};

/// Where a presented token stands (its row untouched).
struct AccountLinkState
{
    qint64 userId = 0;
    QString state; ///< live, used, expired (a newer link replaced it, or its time ran out)
    QString email;
};

/// The single-use links of e-mail verification and password reset (`account_links`) and their
/// mails (`account_mails`), migration 0096.
class AccountLinkRepository
{
public:
    /// For the fan whose email is `email` (any case): replaces their live links of the purpose
    /// with a new one and queues its mail, in one statement that does the same work whether or
    /// not the address has an account. True when a mail was queued.
    static bool issueByEmail(Tx &tx, const QString &email, const NewAccountLink &link);
    /// The same for the account `userId` (verification: only while unverified).
    static bool issueForUser(Tx &tx, qint64 userId, const NewAccountLink &link);
    /// The link's state, or nullopt for a token no link has.
    static std::optional<AccountLinkState> state(Tx &tx,
                                                 const QString &purpose,
                                                 const QByteArray &tokenHash);
    /// Uses the link if it is still live: its account's id, or nullopt (used meanwhile,
    /// replaced, expired, unknown). Of concurrent calls for one token exactly one gets the id.
    static std::optional<qint64> consume(Tx &tx,
                                         const QString &purpose,
                                         const QByteArray &tokenHash);
};

} // namespace boxoffice::server::db
