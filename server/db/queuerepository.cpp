// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuerepository.h"

#include "statement.h"

#include <QUuid>

namespace boxoffice::server::db {

namespace {

const Statement kSettings{"queue_settings",
                          "SELECT queue_enabled, queue_admit_per_minute, queue_max_active,"
                          " extract(epoch FROM on_sale_at)::float8"
                          " FROM events WHERE id = $1::uuid"};

} // namespace

std::optional<QueueSettings> QueueRepository::settings(Database &database, const QString &eventId)
{
    if (QUuid::fromString(eventId).isNull() || eventId.size() != 36)
        return std::nullopt;
    std::optional<QueueSettings> out;
    database.autocommit([&](Tx &tx) {
        const auto result = exec(tx, kSettings, str(eventId));
        if (result.empty())
            return;
        const auto row = result[0];
        out = QueueSettings{row[0].as<bool>(),
                            row[1].as<int>(),
                            row[2].as<int>(),
                            QDateTime::fromMSecsSinceEpoch(qint64(row[3].as<double>() * 1000),
                                                           Qt::UTC)};
    });
    return out;
}

} // namespace boxoffice::server::db
