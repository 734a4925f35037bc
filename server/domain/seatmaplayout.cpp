#include "seatmaplayout.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <array>
#include <string_view>

namespace boxoffice::server::domain {

namespace {

// A quote can only appear escaped inside a JSON string, so these markers are always structure.
constexpr QByteArrayView kVersion = ",\"version\":";
constexpr QByteArrayView kSeats = "\"seats\":[";
constexpr QByteArrayView kGa = "],\"ga\":[";
constexpr QByteArrayView kId = "{\"id\":";
constexpr QByteArrayView kStatus = ",\"status\":";
constexpr QByteArrayView kAvailable = ",\"available\":";

// Like QByteArray::indexOf, without building a skip table per call (60,000 calls a map).
qsizetype find(const QByteArray &text, QByteArrayView needle, qsizetype from)
{
    const std::string_view haystack(text.constData(), size_t(text.size()));
    const size_t at = haystack.find(std::string_view(needle.data(), size_t(needle.size())),
                                    size_t(from));
    return at == std::string_view::npos ? -1 : qsizetype(at);
}

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
    if (std::find(quoted.begin(), quoted.end(), '\\') == quoted.end())
        return quoted.sliced(1, quoted.size() - 2).toByteArray();
    const QByteArray array = "[" + quoted.toByteArray() + "]";
    return QJsonDocument::fromJson(array).array().at(0).toString().toUtf8();
}

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

std::shared_ptr<SeatmapLayout> SeatmapLayout::parse(const QByteArray &full)
{
    auto layout = std::make_shared<SeatmapLayout>();
    layout->full = full;
    const qsizetype version = full.indexOf(kVersion);
    const qsizetype seats = full.indexOf(kSeats);
    const qsizetype ga = full.indexOf(kGa);
    if (version < 0 || seats < 0 || ga < seats || !full.endsWith("]}"))
        return nullptr;
    layout->versionAt = version + kVersion.size();
    QByteArray &ws = layout->ws;
    ws.reserve(full.size() / 3);
    ws += "{\"seats\":[";
    // Finds the next `{"id":"…"…,"<slot name>":` before `limit`: the slot, -1 at the end or -2.
    const auto next =
        [&](qsizetype &at, qsizetype limit, QByteArrayView slotName, QByteArrayView &id) {
            const qsizetype open = find(full, kId, at);
            if (open < 0 || open >= limit)
                return qsizetype(-1);
            const qsizetype idFrom = open + kId.size();
            const qsizetype idEnd = stringEnd(full, idFrom, limit);
            if (idEnd < 0)
                return qsizetype(-2);
            const qsizetype name = find(full, slotName, idEnd);
            if (name < 0 || name >= limit)
                return qsizetype(-2);
            id = QByteArrayView(full).sliced(idFrom, idEnd - idFrom);
            at = name + slotName.size();
            return at;
        };
    qsizetype at = seats + kSeats.size();
    QByteArrayView id;
    for (qsizetype slot; (slot = next(at, ga, kStatus, id)) != -1;) {
        if (slot < 0 || slot + kStatusWidth > ga)
            return nullptr;
        if (!layout->seatFull.empty())
            ws += ',';
        layout->seatFull.push_back(slot);
        ws.append("{\"id\":");
        layout->idWs.push_back(ws.size());
        ws.append(id).append(",\"status\":");
        layout->seatWs.push_back(ws.size());
        ws.append(QByteArrayView(full).sliced(slot, kStatusWidth));
        ws += '}';
        at = slot + kStatusWidth;
    }
    ws.append(kGa);
    at = ga + kGa.size();
    for (qsizetype slot; (slot = next(at, full.size(), kAvailable, id)) != -1;) {
        if (slot < 0 || slot + kNumberWidth > full.size())
            return nullptr;
        layout->gaIndex.insert(QString::fromUtf8(decoded(id)), int(layout->gaFull.size()));
        if (!layout->gaFull.empty())
            ws += ',';
        layout->gaFull.push_back(slot);
        ws.append("{\"id\":").append(id).append(",\"available\":");
        layout->gaWs.push_back(ws.size());
        ws.append(QByteArrayView(full).sliced(slot, kNumberWidth));
        ws += '}';
        at = slot + kNumberWidth;
    }
    ws += "]}";
    return layout;
}

} // namespace boxoffice::server::domain
