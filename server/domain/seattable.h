// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <string_view>

namespace boxoffice::server::domain {

/// An event's seat-map template in compact form: the JSON values of every seat's fixed fields
/// (id, section, row, number, x, y, category) and of every GA zone's (id, name, capacity), one
/// tab-separated line each, in map order. SeatmapLayout::expand() writes the map's texts from it
/// without parsing any JSON; seatmap_templates keeps it compressed.
class SeatTable
{
public:
    /// First line: the format, the seat count and the zone count, tab-separated.
    static constexpr std::string_view kFormat = "seat-table/1";

    /// Values as the database sent them (UTF-8 strings; x and y as PostgreSQL's text of a double).
    void addSeat(std::string_view id,
                 std::string_view section,
                 std::string_view row,
                 std::string_view number,
                 std::string_view x,
                 std::string_view y,
                 std::string_view category);
    void addZone(const QString &id, const QString &name, int capacity);

    int seats() const { return m_seats; }
    /// The whole table.
    QByteArray text() const;

private:
    QByteArray m_seatLines;
    QByteArray m_zoneLines;
    int m_seats = 0;
    int m_zones = 0;
};

} // namespace boxoffice::server::domain
