#include "seatmapcache.h"

#include "db/database.h"
#include "db/seatmaprepository.h"
#include "error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstring>

namespace boxoffice::server::domain {

namespace {

constexpr int kStatusWidth = 11; // "available" with quotes; shorter ones padded with spaces
constexpr int kNumberWidth = 20; // version and GA counts, padded with spaces

void appendString(QByteArray &out, const QString &value)
{
    out += '"';
    for (const QChar c : value) {
        const char16_t u = c.unicode();
        if (u == '"' || u == '\\') {
            out += '\\';
            out += char(u);
        } else if (u < 0x20) {
            out += "\\u00";
            out += "0123456789abcdef"[u >> 4];
            out += "0123456789abcdef"[u & 15];
        } else if (u < 0x80) {
            out += char(u);
        } else {
            out += QString(c).toUtf8();
        }
    }
    out += '"';
}

QByteArray padded(const QByteArray &value, int width)
{
    return value + QByteArray(std::max<qsizetype>(0, width - value.size()), ' ');
}

QByteArray statusSlot(const QString &status)
{
    return padded('"' + status.toLatin1() + '"', kStatusWidth);
}

} // namespace

struct SeatmapCache::Entry
{
    QMutex mutex;
    qint64 version = 0;
    QByteArray json;
    qsizetype versionAt = 0;
    QHash<QString, qsizetype> seatAt; // offset of the status slot
    QHash<QString, qsizetype> gaAt;   // offset of the available slot

    void patch(qsizetype at, const QByteArray &slot)
    {
        std::memcpy(json.data() + at, slot.constData(), size_t(slot.size()));
    }
};

SeatmapCache::SeatmapCache(db::Database &database, int maxEvents)
    : m_database(database)
    , m_maxEvents(maxEvents)
{}

SeatmapCache::~SeatmapCache() = default;

std::shared_ptr<SeatmapCache::Entry> SeatmapCache::build(const QString &eventId)
{
    std::optional<db::SeatmapRows> rows;
    m_database.transact([&](db::Tx &tx) { rows = db::SeatmapRepository::rows(tx, eventId); },
                        db::Database::Isolation::RepeatableRead);
    if (!rows)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    auto entry = std::make_shared<Entry>();
    entry->version = rows->version;
    QByteArray &out = entry->json;
    out.reserve(qsizetype(rows->seats.size()) * 130 + 256);
    out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
    entry->versionAt = out.size();
    out += padded(QByteArray::number(rows->version), kNumberWidth);
    out += ",\"seats\":[";
    entry->seatAt.reserve(qsizetype(rows->seats.size()));
    bool first = true;
    for (const db::SeatRow &seat : rows->seats) {
        out += first ? "{\"id\":" : ",{\"id\":";
        first = false;
        appendString(out, seat.id);
        out += ",\"section\":";
        appendString(out, seat.section);
        out += ",\"row\":";
        appendString(out, seat.row);
        out += ",\"number\":";
        appendString(out, seat.number);
        out += ",\"x\":" + QByteArray::number(seat.x, 'g', 15);
        out += ",\"y\":" + QByteArray::number(seat.y, 'g', 15);
        out += ",\"category\":";
        appendString(out, seat.category);
        out += ",\"status\":";
        entry->seatAt.insert(seat.id, out.size());
        out += statusSlot(seat.status) + '}';
    }
    out += "],\"ga\":[";
    first = true;
    for (const db::GaRow &zone : rows->ga) {
        out += first ? "{\"id\":" : ",{\"id\":";
        first = false;
        appendString(out, zone.id);
        out += ",\"name\":";
        appendString(out, zone.name);
        out += ",\"capacity\":" + QByteArray::number(zone.capacity) + ",\"available\":";
        entry->gaAt.insert(zone.id, out.size());
        out += padded(QByteArray::number(zone.available), kNumberWidth) + '}';
    }
    out += "]}";
    return entry;
}

SeatmapCache::Snapshot SeatmapCache::get(const QString &eventId)
{
    std::optional<qint64> version;
    m_database.transact([&](db::Tx &tx) { version = db::SeatmapRepository::version(tx, eventId); });
    if (!version)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    std::shared_ptr<Entry> entry;
    {
        QMutexLocker lock(&m_mutex);
        entry = m_entries.value(eventId);
    }
    if (entry) {
        QMutexLocker lock(&entry->mutex);
        if (entry->version < *version) {
            std::optional<std::vector<db::SeatmapDelta>> deltas;
            m_database.transact([&](db::Tx &tx) {
                deltas = db::SeatmapRepository::deltasAfter(tx, eventId, entry->version);
            });
            if (deltas) {
                // Patching detaches the text from responses still holding the old one.
                for (const db::SeatmapDelta &delta : *deltas) {
                    const QJsonObject changes = QJsonDocument::fromJson(delta.changes).object();
                    for (const auto &seat : changes.value(u"seats").toArray()) {
                        const auto at = entry->seatAt.constFind(seat[u"id"].toString());
                        if (at != entry->seatAt.constEnd())
                            entry->patch(*at, statusSlot(seat[u"status"].toString()));
                    }
                    for (const auto &zone : changes.value(u"ga").toArray()) {
                        const auto at = entry->gaAt.constFind(zone[u"id"].toString());
                        if (at != entry->gaAt.constEnd())
                            entry->patch(*at,
                                         padded(QByteArray::number(zone[u"available"].toInt()),
                                                kNumberWidth));
                    }
                    entry->version = delta.version;
                }
                entry->patch(entry->versionAt,
                             padded(QByteArray::number(entry->version), kNumberWidth));
            }
        }
        if (entry->version >= *version)
            return {entry->version, entry->json};
    }
    entry = build(eventId);
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() >= m_maxEvents && !m_entries.contains(eventId))
        m_entries.erase(m_entries.begin()); // any one: a miss only costs a rebuild
    m_entries.insert(eventId, entry);
    return {entry->version, entry->json};
}

} // namespace boxoffice::server::domain
