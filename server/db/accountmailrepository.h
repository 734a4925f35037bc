// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mailoutbox.h"

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
/// of MailRepository's jobs (sent, or failed for good, the token is wiped).
class AccountMailRepository : public MailOutbox<AccountMailRepository>
{
public:
    /// Claims the next due mail for `leaseSeconds`; nullopt when none is due.
    static std::optional<AccountMailJob> claim(Tx &tx, int leaseSeconds);
};

} // namespace boxoffice::server::db
