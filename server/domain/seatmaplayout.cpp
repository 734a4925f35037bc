// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmaplayout.h"

#include "seatmapplan.h"
#include "seattable.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

namespace boxoffice::server::domain {

namespace {

// End (one past the closing quote) of the JSON string starting at `from`, or -1.
qsizetype stringEnd(const QByteArray &text, qsizetype from, qsizetype limit)
{
    if (from >= limit || text[from] != '"')
        return -1;
    for (qsizetype i = from + 1; i < limit; ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i + 1;
    }
    return -1;
}

// The id as the cache's deltas name it: the JSON string decoded to UTF-8.
QByteArray decoded(QByteArrayView quoted)
{
    if (quoted.size() < 2)
        return {};
    if (std::find(quoted.begin(), quoted.end(), '\\') == quoted.end())
        return quoted.sliced(1, quoted.size() - 2).toByteArray();
    const QByteArray array = "[" + quoted.toByteArray() + "]";
    return QJsonDocument::fromJson(array).array().at(0).toString().toUtf8();
}

// Writes into a buffer sized beforehand.
struct Cursor
{
    char *at;
    char *const begin;

    qsizetype offset() const { return at - begin; }
    void put(char c) { *at++ = c; }
    void put(std::string_view text)
    {
        // Values are short: two overlapping fixed-size copies inline instead of a memcpy call.
        const char *from = text.data();
        const size_t size = text.size();
        if (size >= 8 && size <= 16) {
            std::memcpy(at, from, 8);
            std::memcpy(at + size - 8, from + size - 8, 8);
        } else if (size >= 4 && size < 8) {
            std::memcpy(at, from, 4);
            std::memcpy(at + size - 4, from + size - 4, 4);
        } else if (size < 4) {
            for (size_t i = 0; i < size; ++i)
                at[i] = from[i];
        } else {
            std::memcpy(at, from, size);
        }
        at += size;
    }
    void put(const QByteArray &text)
    {
        put(std::string_view(text.constData(), size_t(text.size())));
    }
    template<size_t N>
    void put(const char (&literal)[N]) // the compiler copies a fixed size inline
    {
        std::memcpy(at, literal, N - 1);
        at += N - 1;
    }
};

// Reads a seat table's values: `ok` turns false at a missing or empty value.
struct Reader
{
    const char *at;
    const char *const end;
    bool ok = true;

    std::string_view next(char separator)
    {
        const char *found = at;
        while (found < end && *found != separator)
            ++found;
        if (found == end || found == at) {
            ok = false;
            at = end;
            return {};
        }
        const std::string_view value(at, size_t(found - at));
        at = found + 1;
        return value;
    }
};

} // namespace

QByteArray SeatmapLayout::statusSlot(QByteArrayView status)
{
    QByteArray slot = '"' + status.toByteArray() + '"';
    return slot + QByteArray(std::max<qsizetype>(0, kStatusWidth - slot.size()), ' ');
}

const QByteArray &SeatmapLayout::codeSlot(char code)
{
    static const std::array<QByteArray, 4> kSlots{statusSlot("available"),
                                                  statusSlot("held"),
                                                  statusSlot("sold"),
                                                  statusSlot("blocked")};
    switch (code) {
    case 'h':
        return kSlots[1];
    case 's':
        return kSlots[2];
    case 'b':
        return kSlots[3];
    default:
        return kSlots[0];
    }
}

QByteArray SeatmapLayout::numberSlot(qint64 value)
{
    const QByteArray number = QByteArray::number(value);
    return number + QByteArray(std::max<qsizetype>(0, kNumberWidth - number.size()), ' ');
}

int SeatmapLayout::seatPosition(const QByteArray &id, const QByteArray &ws) const
{
    std::call_once(m_indexed, [&] {
        m_seatIndex.reserve(qsizetype(idWs.size()));
        for (size_t i = 0; i < idWs.size(); ++i) {
            const qsizetype end = stringEnd(ws, idWs[i], ws.size());
            if (end > 0)
                m_seatIndex.insert(decoded(QByteArrayView(ws).sliced(idWs[i], end - idWs[i])),
                                   int(i));
        }
    });
    return m_seatIndex.value(id, -1);
}

std::shared_ptr<SeatmapLayout> SeatmapLayout::expand(const QString &eventId,
                                                     const QByteArray &table,
                                                     int seatLayout)
{
    const qsizetype eol = table.indexOf('\n');
    if (eol < 0)
        return nullptr;
    const QList<QByteArray> head = table.first(eol).split('\t');
    bool seatsOk = false, zonesOk = false;
    if (head.size() != 3
        || head[0]
               != QByteArrayView(SeatTable::kFormat.data(), qsizetype(SeatTable::kFormat.size())))
        return nullptr;
    const qsizetype seats = head[1].toLongLong(&seatsOk);
    const qsizetype zones = head[2].toLongLong(&zonesOk);
    const qsizetype body = table.size() - eol - 1;
    // A line has at least one byte per value and separator: bounds the counts by the size.
    if (!seatsOk || !zonesOk || seats < 0 || zones < 0 || seats * 14 + zones * 6 > body)
        return nullptr;

    auto layout = std::make_shared<SeatmapLayout>();
    const QByteArray id = eventId.toUtf8();
    // Upper bounds: every value once (ids twice) plus the fixed text around them; written
    // through raw pointers (60,000 seats are ~1.5 million pieces), then cut to size.
    layout->full.resize(128 + id.size() + body + seats * 80 + zones * 64);
    layout->ws.resize(64 + body + seats * 32 + zones * 48);
    layout->status.resize(64 + body + seats + zones * 48);
    layout->seatFull.resize(size_t(seats));
    layout->seatWs.resize(size_t(seats));
    layout->idWs.resize(size_t(seats));
    Cursor full{layout->full.data(), layout->full.data()};
    Cursor ws{layout->ws.data(), layout->ws.data()};
    Cursor status{layout->status.data(), layout->status.data()};
    SeatmapPlan plan;
    std::vector<SeatmapPlan::Seat> planSeats;
    planSeats.reserve(size_t(seats));
    Reader in{table.constData() + eol + 1, table.constData() + table.size()};
    const QByteArray zero = numberSlot(0);
    const QByteArray &available = codeSlot('a');

    full.put("{\"event_id\":\"");
    full.put(id);
    full.put("\",\"version\":");
    layout->versionAt = full.offset();
    full.put(zero);
    full.put(",\"seats\":[");
    ws.put("{\"seats\":[");
    status.put("{\"layout\":");
    status.put(QByteArray::number(seatLayout));
    status.put(",\"status\":\"");
    layout->statusAt = status.offset();
    std::memset(status.at, 'a', size_t(seats));
    status.at += seats;
    status.put("\",\"ga\":[");
    for (size_t i = 0; i < size_t(seats); ++i) {
        if (i > 0) {
            full.put(',');
            ws.put(',');
        }
        const std::string_view seatId = in.next('\t');
        const std::string_view section = in.next('\t');
        const std::string_view row = in.next('\t');
        const std::string_view number = in.next('\t');
        const std::string_view x = in.next('\t');
        const std::string_view y = in.next('\t');
        const std::string_view category = in.next('\n');
        if (!in.ok)
            return nullptr;
        planSeats.push_back({seatId, section, row, number, x, y, category});
        full.put("{\"id\":");
        full.put(seatId);
        full.put(",\"section\":");
        full.put(section);
        full.put(",\"row\":");
        full.put(row);
        full.put(",\"number\":");
        full.put(number);
        full.put(",\"x\":");
        full.put(x);
        full.put(",\"y\":");
        full.put(y);
        full.put(",\"category\":");
        full.put(category);
        full.put(",\"status\":");
        layout->seatFull[i] = full.offset();
        full.put(available);
        full.put('}');
        ws.put("{\"id\":");
        layout->idWs[i] = ws.offset();
        ws.put(seatId);
        ws.put(",\"status\":");
        layout->seatWs[i] = ws.offset();
        ws.put(available);
        ws.put('}');
    }
    full.put("],\"ga\":[");
    ws.put("],\"ga\":[");
    for (qsizetype i = 0; i < zones; ++i) {
        if (i > 0) {
            full.put(',');
            ws.put(',');
        }
        const std::string_view zoneId = in.next('\t');
        const std::string_view name = in.next('\t');
        const std::string_view capacity = in.next('\n');
        if (!in.ok)
            return nullptr;
        plan.addZone(zoneId, name, capacity);
        full.put("{\"id\":");
        full.put(zoneId);
        full.put(",\"name\":");
        full.put(name);
        full.put(",\"capacity\":");
        full.put(capacity);
        full.put(",\"available\":");
        layout->gaFull.push_back(full.offset());
        full.put(zero);
        full.put('}');
        ws.put("{\"id\":");
        ws.put(zoneId);
        ws.put(",\"available\":");
        layout->gaWs.push_back(ws.offset());
        ws.put(zero);
        ws.put('}');
        if (i > 0)
            status.put(',');
        status.put("{\"id\":");
        status.put(zoneId);
        status.put(",\"available\":");
        layout->gaStatus.push_back(status.offset());
        status.put(zero);
        status.put('}');
        layout->gaIndex.insert(QString::fromUtf8(decoded(
                                   QByteArrayView(zoneId.data(), qsizetype(zoneId.size())))),
                               int(i));
    }
    full.put("]}");
    ws.put("]}");
    status.put("]}");
    if (in.at != in.end)
        return nullptr; // more lines than the header says
    layout->full.truncate(full.offset());
    layout->ws.truncate(ws.offset());
    layout->status.truncate(status.offset());
    // The plan lists the seats along their rows (its coordinates and numbers then come in long
    // arithmetic runs); the letters follow the plan.
    const std::vector<int> order = SeatmapPlan::rowOrder(planSeats);
    layout->planPosition.resize(order.size());
    for (size_t place = 0; place < order.size(); ++place) {
        layout->planPosition[size_t(order[place])] = int(place);
        plan.addSeat(planSeats[size_t(order[place])]);
    }
    layout->plan = plan.text(id, seatLayout);
    return layout;
}

} // namespace boxoffice::server::domain
