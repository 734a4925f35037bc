// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to db/: MailOutbox's steps, instantiated by each outbox repository's .cpp once it has
// named its statements.

#include "mailoutbox.h"
#include "statement.h"

namespace boxoffice::server::db {

template<typename Repository>
void MailOutbox<Repository>::markSent(Tx &tx, qint64 id)
{
    exec(tx, kStatements.sent, id);
}

template<typename Repository>
void MailOutbox<Repository>::retry(
    Tx &tx, qint64 id, const QString &error, double delaySeconds, bool final, bool maybeSent)
{
    exec(tx, kStatements.retry, id, str(error.left(1000)), delaySeconds, final, maybeSent);
}

} // namespace boxoffice::server::db
