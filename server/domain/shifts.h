#pragma once

#include "principal.h"
#include "response.h"

namespace boxoffice::server::db {
class Database;
class Tx;
} // namespace boxoffice::server::db

namespace boxoffice::server::domain {

/// A clerk's shift at a cash drawer: opened with a float, read as an X report while open,
/// closed with the counted cash into a Z report (expected cash and variance).
class Shifts
{
public:
    explicit Shifts(db::Database &database)
        : m_database(database)
    {}

    /// POST /shifts: 201 with the X report of the new shift; 409 shift_open / drawer_in_use.
    Response open(const Principal &clerk, const QJsonObject &body);
    /// The caller's open shift as an X report, or 404 when none is open; 409 drawer_in_use when
    /// `drawer` is given and another clerk's shift holds it.
    Response current(const Principal &clerk, const QString &drawer = {});
    /// GET /shifts/{id}/report: X or Z report (the clerk's own shift, or any for a manager).
    Response report(const Principal &clerk, const QString &shiftId);
    /// POST /shifts/{id}/close with `counted_cents`: the Z report.
    Response close(const Principal &clerk, const QString &shiftId, const QJsonObject &body);

private:
    static void throwIfDrawerTaken(db::Tx &tx, const Principal &clerk, const QString &drawer);

    db::Database &m_database;
};

} // namespace boxoffice::server::domain
