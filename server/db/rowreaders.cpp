// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowreaders.h"

#include "statement.h"

namespace boxoffice::server::db {

std::optional<ShiftRow> firstShift(const pqxx::result &result)
{
    if (result.empty())
        return std::nullopt;
    const auto &row = result[0];
    ShiftRow s;
    s.id = qstr(row[0]);
    s.clerk = qstr(row[1]);
    s.status = qstr(row[2]);
    s.floatCents = row[3].as<qint64>();
    if (!row[4].is_null())
        s.countedCents = row[4].as<qint64>();
    s.openedAt = qstr(row[5]);
    s.closedAt = qstr(row[6]);
    return s;
}

Ticket ticketFromRow(const pqxx::row &row)
{
    return Ticket{qstr(row[0]),
                  qstr(row[1]),
                  qstr(row[2]),
                  qstr(row[3]),
                  qstr(row[4]),
                  qstr(row[5]),
                  std::nullopt};
}

} // namespace boxoffice::server::db
