// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// The account an erasure is about, its row locked until the transaction ends.
struct ErasureSubject
{
    qint64 id = 0;
    QString username; ///< the name its tokens and records carry (the e-mail in lower case)
    QString email;
    QString name;
    QString locale;
};

/// What keeps an account from being erased now.
struct ErasureBlockers
{
    bool busy = false;       ///< a live hold, or an order awaiting payment
    QStringList liveTickets; ///< valid tickets it holds for shows still to come
};

/// The erasure of a fan's account (docs/privacy.md): every personal detail replaced by the
/// account's tombstone, the money and the tickets kept as they were.
class AccountErasureRepository
{
public:
    /// Locks the fan's live holds, then the account's row (the order a checkout takes them
    /// in: never a deadlock), if the account is still `username` with `passwordHash`.
    static std::optional<ErasureSubject> lock(Tx &tx,
                                              const QString &username,
                                              const QByteArray &passwordHash);
    static ErasureBlockers blockers(Tx &tx, const QString &username);
    /// Anonymises everything of the account, queues the confirmation mail to its old address
    /// and records the erasure (without personal data): the account's new session version.
    static int erase(Tx &tx, const ErasureSubject &subject, qint64 tokenLifetimeSeconds);
    /// `erased-<id>@invalid`: what an erased account's name and e-mail become.
    static QString tombstone(qint64 id);
};

} // namespace boxoffice::server::db
