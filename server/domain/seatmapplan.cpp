// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapplan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <optional>
#include <tuple>

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
    if (at->second == last) {
        ++length;
        return;
    }
    if (length > 0)
        append(runs, std::to_string(last) + ',' + std::to_string(length));
    last = at->second;
    length = 1;
}

std::string SeatmapPlan::Table::column() const
{
    std::string out = runs;
    if (length > 0)
        append(out, std::to_string(last) + ',' + std::to_string(length));
    return out;
}

namespace {

// The digits of a JSON string holding a plain integer ("7", "12"; not "07", "1a" or "" ), or
// nothing.
std::string_view integerDigits(std::string_view quoted)
{
    if (quoted.size() < 3 || quoted.size() > 11 || quoted.front() != '"' || quoted.back() != '"')
        return {};
    const std::string_view digits = quoted.substr(1, quoted.size() - 2);
    if (digits.size() > 1 && digits.front() == '0')
        return {};
    for (const char c : digits) {
        if (c < '0' || c > '9')
            return {};
    }
    return digits;
}

// A plain JSON number ("50", "-12.5", "1e3"), or nothing.
std::optional<double> numberOf(std::string_view text)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// The shortest text that reads back as exactly `value`.
std::string textOf(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

} // namespace

void SeatmapPlan::Progression::add(std::string_view text)
{
    const std::optional<double> value = numberOf(text);
    if (!value) {
        exact = false;
        return;
    }
    if (count == 1) {
        step = *value - start;
        if (start + step == *value) {
            count = 2;
            return;
        }
    } else if (count > 1 && start + double(count) * step == *value) {
        ++count; // the browser computes start + k * step: the same double
        return;
    }
    if (count > 0)
        append(runs, current());
    start = *value;
    step = 0;
    count = 1;
}

std::string SeatmapPlan::Progression::column() const
{
    std::string out = runs;
    if (count > 0)
        append(out, current());
    return out;
}

std::string SeatmapPlan::Progression::current() const
{
    return textOf(start) + ',' + textOf(count > 1 ? step : 0) + ',' + std::to_string(count);
}

std::vector<int> SeatmapPlan::rowOrder(const std::vector<Seat> &seats)
{
    std::vector<double> x(seats.size()), y(seats.size());
    for (size_t i = 0; i < seats.size(); ++i) {
        x[i] = numberOf(seats[i].x).value_or(0);
        y[i] = numberOf(seats[i].y).value_or(0);
    }
    std::vector<int> order(seats.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return std::tie(seats[size_t(a)].section, seats[size_t(a)].row, x[size_t(a)], y[size_t(a)])
               < std::tie(seats[size_t(b)].section,
                          seats[size_t(b)].row,
                          x[size_t(b)],
                          y[size_t(b)]);
    });
    return order;
}

void SeatmapPlan::addSeat(const Seat &seat)
{
    append(m_ids, seat.id);
    m_patternIds = m_patternIds && idFollowsPattern(seat.id, seat.section, seat.row, seat.number);
    m_sections.add(seat.section);
    m_rows.add(seat.row);
    append(m_numbers, seat.number);
    const std::string_view digits = integerDigits(seat.number);
    m_integralNumbers = m_integralNumbers && !digits.empty();
    if (m_integralNumbers)
        m_numberRuns.add(digits);
    append(m_x, seat.x);
    append(m_y, seat.y);
    m_xRuns.add(seat.x);
    m_yRuns.add(seat.y);
    m_categories.add(seat.category);
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
    out.reserve(256 + m_ids.size() + m_numbers.size() + m_x.size() + m_y.size() + m_zones.size());
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
    array("section_runs", m_sections.column());
    out += ',';
    array("row_runs", m_rows.column());
    out += ',';
    if (m_integralNumbers)
        array("number_runs", m_numberRuns.column());
    else
        array("number", m_numbers);
    out += ',';
    if (m_xRuns.exact)
        array("x_runs", m_xRuns.column());
    else
        array("x", m_x);
    out += ',';
    if (m_yRuns.exact)
        array("y_runs", m_yRuns.column());
    else
        array("y", m_y);
    out += ',';
    array("category_runs", m_categories.column());
    out += "},";
    array("ga", m_zones);
    out += '}';
    return QByteArray(out.data(), qsizetype(out.size()));
}

} // namespace boxoffice::server::domain
