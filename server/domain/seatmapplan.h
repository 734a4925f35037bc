// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <string>
#include <string_view>
#include <unordered_map>

namespace boxoffice::server::domain {

/// Writes an event's seat plan: the fixed part of its seat map by column, for
/// GET /events/{id}/seatmap/layout. One array per field, so a browser parses 60,000 seats as a
/// few flat arrays of numbers: texts that repeat (sections, rows, categories) stand once in a
/// table and the seats name them by position, in runs (position, count) since neighbours share
/// them; seat numbers that are all plain integers come as numbers. When every seat's id is
/// "<section>-<row>-<number>" (as venues number them), the plan says so instead of listing
/// 60,000 ids: the browser needs none of them to draw. Values are JSON already (a seat table's):
/// nothing is parsed.
class SeatmapPlan
{
public:
    /// One seat's values, each JSON text.
    struct Seat
    {
        std::string_view id, section, row, number, x, y, category;
    };

    void addSeat(const Seat &seat);
    void addZone(std::string_view id, std::string_view name, std::string_view capacity);

    /// {"event_id","layout","sections","rows","categories","seats":{"id" | "id_pattern",
    /// "section_runs","row_runs","number","x","y","category_runs"},"ga":[{"id","name","capacity"}]}
    QByteArray text(const QByteArray &eventId, int layout) const;

private:
    /// A table of distinct JSON texts; the seats' column names their positions in runs.
    struct Table
    {
        std::unordered_map<std::string, int> positions;
        std::string values; // the table's JSON array without brackets
        std::string runs;   // "position,count" of each finished run, comma-separated
        int last = -1;      // the current run's position and length
        int length = 0;
        void add(std::string_view value);
        std::string column() const; // every run, the current one too
    };

    static void append(std::string &column, std::string_view value);
    static bool idFollowsPattern(std::string_view id,
                                 std::string_view section,
                                 std::string_view row,
                                 std::string_view number);

    int m_seats = 0;
    bool m_patternIds = true;
    bool m_integralNumbers = true; // every number a JSON string of a plain integer
    std::string m_ids, m_numbers, m_integers, m_x, m_y, m_zones;
    Table m_sections, m_rows, m_categories;
};

} // namespace boxoffice::server::domain
