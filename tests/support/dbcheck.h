// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <pqxx/pqxx>

#include <QString>

namespace boxoffice::test {

/// One integer a query with `$1` = the event answers (a count, mostly).
inline int eventScalar(const std::string &url, const std::string &sql, const QString &eventId)
{
    pqxx::connection connection{url};
    pqxx::nontransaction work{connection};
    return work.exec_params1(sql, eventId.toStdString())[0].as<int>();
}

/// A seat's status in the inventory, as the database has it now.
inline QString seatStatus(const std::string &url, const QString &eventId, const QString &seat)
{
    pqxx::connection connection{url};
    pqxx::nontransaction work{connection};
    return QString::fromStdString(
        work.exec_params1("SELECT status FROM inventory WHERE event_id = $1::uuid AND seat_id = $2",
                          eventId.toStdString(),
                          seat.toStdString())[0]
            .as<std::string>());
}

/// Invariants that must hold in any committed state of the inventory, whatever happened to the
/// server: returns an empty string when all hold, or what is broken.
inline QString inventoryViolations(const std::string &url)
{
    pqxx::connection connection{url};
    pqxx::nontransaction work{connection};
    QString out;
    auto check = [&](const char *what, const char *sql) {
        const int count = work.exec1(sql)[0].as<int>();
        if (count != 0)
            out += QStringLiteral("%1: %2; ").arg(QString::fromLatin1(what)).arg(count);
    };
    check("held seats without a hold row",
          "SELECT count(*) FROM inventory i WHERE status = 'held' AND NOT EXISTS"
          " (SELECT 1 FROM holds h WHERE h.id = i.hold_id)");
    check("held seats of another owner's hold",
          "SELECT count(*) FROM inventory i JOIN holds h ON h.id = i.hold_id"
          " WHERE i.status = 'held' AND (h.owner <> i.owner OR h.event_id <> i.event_id)");
    check("held seats not listed in their hold",
          "SELECT count(*) FROM inventory i JOIN holds h ON h.id = i.hold_id"
          " WHERE i.status = 'held' AND NOT (i.seat_id = ANY(h.seats))");
    check("live seat holds missing seats (all-or-nothing broken)",
          "SELECT count(*) FROM holds h WHERE h.status = 'active' AND h.expires_at > now()"
          " AND h.ga_id IS NULL AND cardinality(h.seats) <> (SELECT count(*) FROM inventory i"
          " WHERE i.hold_id = h.id AND i.status = 'held')");
    check("GA counters that do not match active holds",
          "SELECT count(*) FROM ga_zones z WHERE z.held <> (SELECT coalesce(sum(g.quantity), 0)"
          " FROM hold_ga g JOIN holds h ON h.id = g.hold_id WHERE g.event_id = z.event_id"
          " AND g.ga_id = z.ga_id AND h.status = 'active')");
    check("GA zones over capacity", "SELECT count(*) FROM ga_zones WHERE held + sold > capacity");
    return out;
}

} // namespace boxoffice::test
