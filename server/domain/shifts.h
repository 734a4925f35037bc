// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dbfwd.h"
#include "principal.h"
#include "result.h"
#include "shiftreport.h"

namespace boxoffice::server::domain {

/// A clerk's shift at a cash drawer: opened with a float, read as an X report while open,
/// closed with the counted cash into a Z report (expected cash and variance).
class Shifts
{
public:
    explicit Shifts(db::Database &database)
        : m_database(database)
    {}

    /// POST /shifts: the X report of the new shift (with its drawer); shift_open when the
    /// clerk has one (its id in the error), drawer_in_use when another clerk's holds `drawer`.
    Result<ShiftReport> open(const Principal &clerk, const OpenShift &request);
    /// The caller's open shift as an X report (with its drawer), or not_found when none is
    /// open; drawer_in_use when `drawer` is given and another clerk's shift holds it.
    Result<ShiftReport> current(const Principal &clerk, const QString &drawer = {});
    /// GET /shifts/{id}/report: X or Z report (the clerk's own shift, or any for a manager).
    Result<ShiftReport> report(const Principal &clerk, const QString &shiftId);
    /// POST /shifts/{id}/close: the Z report with the counted cash and its variance.
    Result<ShiftReport> close(const Principal &clerk, const QString &shiftId, qint64 countedCents);

private:
    static void throwIfDrawerTaken(db::Tx &tx, const Principal &clerk, const QString &drawer);

    db::Database &m_database;
};

} // namespace boxoffice::server::domain
