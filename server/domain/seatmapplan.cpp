// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapplan.h"

namespace boxoffice::server::domain {

void SeatmapPlan::append(std::string &column, std::string_view value)
{
    if (!column.empty())
        column += ',';
    column += value;
}

bool SeatmapPlan::idFollowsPattern(std::string_view id,
                                   std::string_view section,
                                   std::string_view row,
                                   std::string_view number)
{
    // JSON escapes character by character, so the quoted id of "<section>-<row>-<number>" is
    // the three quoted texts joined without their quotes.
    const auto inner = [](std::string_view quoted) {
        return quoted.size() >= 2 && quoted.front() == '"' && quoted.back() == '"'
                   ? quoted.substr(1, quoted.size() - 2)
                   : std::string_view();
    };
    const std::string_view s = inner(section), r = inner(row), n = inner(number);
    if (s.empty() || r.empty() || n.empty() || id.size() != s.size() + r.size() + n.size() + 4)
        return false;
    std::string expected = "\"";
    expected.append(s).append("-").append(r).append("-").append(n).append("\"");
    return id == expected;
}

void SeatmapPlan::Table::add(std::string_view value)
{
    const auto [at, inserted] = positions.try_emplace(std::string(value), int(positions.size()));
    if (inserted)
        append(values, value);
    append(column, std::to_string(at->second));
}

void SeatmapPlan::addSeat(std::string_view id,
                          std::string_view section,
                          std::string_view row,
                          std::string_view number,
                          std::string_view x,
                          std::string_view y,
                          std::string_view category)
{
    append(m_ids, id);
    m_patternIds = m_patternIds && idFollowsPattern(id, section, row, number);
    m_sections.add(section);
    m_rows.add(row);
    append(m_numbers, number);
    append(m_x, x);
    append(m_y, y);
    m_categories.add(category);
    ++m_seats;
}

void SeatmapPlan::addZone(std::string_view id, std::string_view name, std::string_view capacity)
{
    std::string zone = "{\"id\":";
    zone += id;
    zone += ",\"name\":";
    zone += name;
    zone += ",\"capacity\":";
    zone += capacity;
    zone += '}';
    append(m_zones, zone);
}

QByteArray SeatmapPlan::text(const QByteArray &eventId, int layout) const
{
    std::string out;
    out.reserve(256 + m_ids.size() + m_numbers.size() + m_x.size() + m_y.size()
                + m_sections.column.size() * 3 + m_zones.size());
    const auto array = [&out](const char *name, const std::string &values) {
        out += '"';
        out += name;
        out += "\":[";
        out += values;
        out += ']';
    };
    out += "{\"event_id\":\"";
    out += eventId.toStdString();
    out += "\",\"layout\":";
    out += std::to_string(layout);
    out += ',';
    array("sections", m_sections.values);
    out += ',';
    array("rows", m_rows.values);
    out += ',';
    array("categories", m_categories.values);
    out += ",\"seats\":{";
    if (m_patternIds && m_seats > 0)
        out += "\"id_pattern\":\"{section}-{row}-{number}\"";
    else
        array("id", m_ids);
    out += ',';
    array("section", m_sections.column);
    out += ',';
    array("row", m_rows.column);
    out += ',';
    array("number", m_numbers);
    out += ',';
    array("x", m_x);
    out += ',';
    array("y", m_y);
    out += ',';
    array("category", m_categories.column);
    out += "},";
    array("ga", m_zones);
    out += '}';
    return QByteArray(out.data(), qsizetype(out.size()));
}

} // namespace boxoffice::server::domain
