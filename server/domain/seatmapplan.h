// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace boxoffice::server::domain {

/// Writes an event's seat plan: the fixed part of its seat map by column, for
/// GET /events/{id}/seatmap/layout. Seats come along their rows (rowOrder()), so neighbours share
/// their section, row and category and step evenly: texts that repeat stand once in a table and
/// the seats name them in runs (position, count); coordinates, and seat numbers when all are
/// plain integers, come in arithmetic runs (start, step, count). A 60,000-seat stadium is a few
/// thousand numbers instead of 60,000 values per field. When every seat's id is
/// "<section>-<row>-<number>" (as venues number them), the plan says so instead of listing the
/// ids: the browser needs none of them to draw. Texts are JSON already (a seat table's).
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
    /// "section_runs","row_runs","number_runs" | "number","x_runs" | "x","y_runs" | "y",
    /// "category_runs"},"ga":[{"id","name","capacity"}]}
    QByteArray text(const QByteArray &eventId, int layout) const;

    /// The order the plan lists `seats` in: by section, row, x and y (ties: as given).
    static std::vector<int> rowOrder(const std::vector<Seat> &seats);

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

    /// Numbers in runs where each steps evenly from the last: "start,step,count" triples that
    /// give exactly the same doubles (start + k * step) as the values; `exact` turns false at a
    /// text that is no plain number (the column is then written value by value).
    struct Progression
    {
        std::string runs;
        double start = 0, step = 0;
        int count = 0;
        bool exact = true;
        void add(std::string_view text);
        std::string column() const;
        std::string current() const; // the run being counted, as its triple
    };

    static void append(std::string &column, std::string_view value);
    static bool idFollowsPattern(std::string_view id,
                                 std::string_view section,
                                 std::string_view row,
                                 std::string_view number);

    int m_seats = 0;
    bool m_patternIds = true;
    bool m_integralNumbers = true; // every number a JSON string of a plain integer
    std::string m_ids, m_numbers, m_x, m_y, m_zones;
    Progression m_xRuns, m_yRuns, m_numberRuns;
    Table m_sections, m_rows, m_categories;
};

} // namespace boxoffice::server::domain
