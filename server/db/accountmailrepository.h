// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// An account mail claimed for sending (a verification or password-reset link).
struct AccountMailJob
{
    qint64 id = 0;
    QString purpose; ///< verify, reset, erased (an erasure's confirmation: no link)
    QString recipient;
    QString locale;
    QString name;
    QString token; ///< the link's secret; empty once wiped
    int attempts = 0;
    int interrupted = 0;  ///< earlier claims that ended without a record
    int validSeconds = 0; ///< how long the link lives from its making
};

/// The account mails' outbox (`account_mails`, migration 0096), with the lease and retry rules
/// of MailRepository's jobs.
class AccountMailRepository
{
public:
    /// Claims the next due mail for `leaseSeconds`; nullopt when none is due.
    static std::optional<AccountMailJob> claim(Tx &tx, int leaseSeconds);
    /// Sent: the token is wiped.
    static void markSent(Tx &tx, qint64 id);
    /// Back to pending in `delaySeconds`, or failed for good (the token wiped) when `final`.
    static void retry(Tx &tx,
                      qint64 id,
                      const QString &error,
                      double delaySeconds,
                      bool final,
                      bool maybeSent = false);
};

} // namespace boxoffice::server::db
