// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventlock.h"

#include "error.h"

#include "db/eventadminrepository.h"

namespace boxoffice::server::domain {

db::EventSettings lockEventForChange(db::Tx &tx, const QString &eventId, int expectedVersion)
{
    auto current = db::EventAdminRepository::lock(tx, eventId);
    if (!current)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (current->cancelled)
        throw Error(ErrorCode::EventCancelled, QStringLiteral("this event is cancelled"));
    if (current->version != expectedVersion)
        throw Error(ErrorCode::PreconditionFailed,
                    QStringLiteral("someone else changed this event meanwhile (now version %1): "
                                   "reload it and make your change again")
                        .arg(current->version));
    return *current;
}

} // namespace boxoffice::server::domain
