// SPDX-License-Identifier: GPL-3.0-or-later
#include "seattable.h"

namespace boxoffice::server::domain {

namespace {

// A JSON string of UTF-8 as the database sent it, escaping only what JSON requires (so a value
// never holds a raw tab or newline, the table's separators).
void appendString(QByteArray &out, std::string_view value)
{
    out += '"';
    size_t from = 0;
    for (size_t i = 0; i < value.size(); ++i) {
        const auto c = static_cast<unsigned char>(value[i]);
        if (c != '"' && c != '\\' && c >= 0x20)
            continue;
        out.append(value.data() + from, qsizetype(i - from));
        from = i + 1;
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else {
            out += "\\u00";
            out += "0123456789abcdef"[c >> 4];
            out += "0123456789abcdef"[c & 15];
        }
    }
    out.append(value.data() + from, qsizetype(value.size() - from));
    out += '"';
}

void appendString(QByteArray &out, const QString &value)
{
    const QByteArray utf8 = value.toUtf8();
    appendString(out, std::string_view(utf8.constData(), size_t(utf8.size())));
}

// PostgreSQL's text of a double is a JSON number, except NaN and [-]Infinity.
void appendNumber(QByteArray &out, std::string_view value)
{
    if (value.empty() || value.find_first_of("NI") != std::string_view::npos)
        out += '0';
    else
        out.append(value.data(), qsizetype(value.size()));
}

} // namespace

void SeatTable::addSeat(std::string_view id,
                        std::string_view section,
                        std::string_view row,
                        std::string_view number,
                        std::string_view x,
                        std::string_view y,
                        std::string_view category)
{
    QByteArray &out = m_seatLines;
    appendString(out, id);
    out += '\t';
    appendString(out, section);
    out += '\t';
    appendString(out, row);
    out += '\t';
    appendString(out, number);
    out += '\t';
    appendNumber(out, x);
    out += '\t';
    appendNumber(out, y);
    out += '\t';
    appendString(out, category);
    out += '\n';
    ++m_seats;
}

void SeatTable::addZone(const QString &id, const QString &name, int capacity)
{
    appendString(m_zoneLines, id);
    m_zoneLines += '\t';
    appendString(m_zoneLines, name);
    m_zoneLines += '\t' + QByteArray::number(capacity) + '\n';
    ++m_zones;
}

QByteArray SeatTable::text() const
{
    QByteArray out;
    out.reserve(m_seatLines.size() + m_zoneLines.size() + 64);
    out.append(kFormat.data(), qsizetype(kFormat.size()));
    out += '\t' + QByteArray::number(m_seats) + '\t' + QByteArray::number(m_zones) + '\n';
    out += m_seatLines;
    out += m_zoneLines;
    return out;
}

} // namespace boxoffice::server::domain
