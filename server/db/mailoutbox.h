// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::db {

class Tx;
struct Statement;

/// How a claimed mail's attempt ends, the same lease and retry rules in every mail outbox (the
/// tickets', the account, transfer and waiting-list mails'). A repository derives from
/// MailOutbox<itself> and names its table's own sent and retry statements (some wipe a token on
/// the way) next to its claim.
template<typename Repository>
class MailOutbox
{
public:
    static void markSent(Tx &tx, qint64 id);
    /// Back to pending, due in `delaySeconds`, or failed for good when `final`. `maybeSent`:
    /// the relay may have it (it failed after the whole message went out), which counts as an
    /// interruption.
    static void retry(Tx &tx,
                      qint64 id,
                      const QString &error,
                      double delaySeconds,
                      bool final,
                      bool maybeSent = false);

private:
    struct Statements
    {
        const Statement &sent;
        const Statement &retry;
    };
    /// The table's own, defined next to its claim (some wipe a token on the way).
    static const Statements kStatements;
};

} // namespace boxoffice::server::db
