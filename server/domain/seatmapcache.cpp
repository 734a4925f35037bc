#include "seatmapcache.h"

#include "db/database.h"
#include "db/seatmaprepository.h"
#include "error.h"
#include "metrics/registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QElapsedTimer>

#include <cstring>
#include <string_view>

namespace boxoffice::server::domain {

namespace {

constexpr int kStatusWidth = 11; // "available" with quotes; shorter ones padded with spaces
constexpr int kNumberWidth = 20; // version and GA counts, padded with spaces

// value is UTF-8 as the database sent it: copied through, escaping only what JSON requires.
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

QByteArray padded(const QByteArray &value, int width)
{
    return value + QByteArray(std::max<qsizetype>(0, width - value.size()), ' ');
}

QByteArray statusSlot(const QString &status)
{
    return padded('"' + status.toLatin1() + '"', kStatusWidth);
}

void appendStatusSlot(QByteArray &out, std::string_view status)
{
    out += '"';
    out.append(status.data(), qsizetype(status.size()));
    out += '"';
    for (qsizetype pad = qsizetype(status.size()) + 2; pad < kStatusWidth; ++pad)
        out += ' ';
}

metrics::Histogram &timing(const char *kind)
{
    return metrics::Registry::instance()
        .histogram(QStringLiteral("boxoffice_seatmap_snapshot_seconds"),
                   QStringLiteral(
                       "Server time of a full seat map: build (from PostgreSQL), patch (cached"
                       " map moved to a newer version) or cached."),
                   QStringLiteral("kind=\"%1\"").arg(QLatin1String(kind)),
                   {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1});
}

} // namespace

struct SeatmapCache::Entry
{
    QMutex mutex;
    qint64 version = 0;
    QByteArray json;
    qsizetype versionAt = 0;
    QHash<QByteArray, qsizetype> seatAt; // seat id (UTF-8) -> offset of the status slot
    QHash<QString, qsizetype> gaAt;      // offset of the available slot

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
    // Straight from the result's bytes into one pre-sized buffer: no QString or JSON object per
    // seat (60,000 seats are ~8 MB of JSON).
    auto entry = std::make_shared<Entry>();
    QByteArray &out = entry->json;
    const auto onSeat = [&](const db::SeatView &seat) {
        if (out.isEmpty()) {
            out.reserve(8 * 1024 * 1024);
            entry->seatAt.reserve(64 * 1024);
            out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
            entry->versionAt = out.size();
            out += QByteArray(kNumberWidth, ' ') + ",\"seats\":[{\"id\":";
        } else {
            out += ",{\"id\":";
        }
        appendString(out, seat.id);
        out += ",\"section\":";
        appendString(out, seat.section);
        out += ",\"row\":";
        appendString(out, seat.row);
        out += ",\"number\":";
        appendString(out, seat.number);
        out += ",\"x\":";
        appendNumber(out, seat.x);
        out += ",\"y\":";
        appendNumber(out, seat.y);
        out += ",\"category\":";
        appendString(out, seat.category);
        out += ",\"status\":";
        entry->seatAt.insert(QByteArray(seat.id.data(), qsizetype(seat.id.size())), out.size());
        appendStatusSlot(out, seat.status);
        out += '}';
    };
    bool firstZone = true;
    const auto onZone = [&](const db::GaRow &zone) {
        if (out.isEmpty()) { // no seats at all
            out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
            entry->versionAt = out.size();
            out += QByteArray(kNumberWidth, ' ') + ",\"seats\":[";
        }
        out += firstZone ? "],\"ga\":[{\"id\":" : ",{\"id\":";
        firstZone = false;
        appendString(out, zone.id);
        out += ",\"name\":";
        appendString(out, zone.name);
        out += ",\"capacity\":" + QByteArray::number(zone.capacity) + ",\"available\":";
        entry->gaAt.insert(zone.id, out.size());
        out += padded(QByteArray::number(zone.available), kNumberWidth) + '}';
    };
    std::optional<qint64> version;
    m_database.transact(
        [&](db::Tx &tx) {
            out.clear(); // a retried transaction starts over
            entry->seatAt.clear();
            entry->gaAt.clear();
            firstZone = true;
            version = db::SeatmapRepository::scan(tx, eventId, onSeat, onZone);
        },
        db::Database::Isolation::RepeatableRead);
    if (!version)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (out.isEmpty()) {
        out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
        entry->versionAt = out.size();
        out += QByteArray(kNumberWidth, ' ') + ",\"seats\":[";
    }
    out += firstZone ? "],\"ga\":[]}" : "]}";
    entry->version = *version;
    entry->patch(entry->versionAt, padded(QByteArray::number(*version), kNumberWidth));
    return entry;
}

void SeatmapCache::warm(int count, const std::atomic_bool &stop)
{
    std::vector<QString> events;
    m_database.transact([&](db::Tx &tx) {
        events = db::SeatmapRepository::upcomingEvents(tx, std::min(count, m_maxEvents));
    });
    for (const QString &eventId : events) {
        if (stop)
            return;
        {
            QMutexLocker lock(&m_mutex);
            if (m_entries.contains(eventId))
                continue; // a reader was first
        }
        try {
            get(eventId);
        } catch (const Error &) {
            // deleted meanwhile: nothing to warm
        }
    }
}

SeatmapCache::Snapshot SeatmapCache::get(const QString &eventId)
{
    QElapsedTimer clock;
    clock.start();
    const auto done = [&clock](const char *kind, Snapshot snapshot) {
        timing(kind).observe(double(clock.nsecsElapsed()) / 1e9);
        return snapshot;
    };
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
        const bool current = entry->version >= *version;
        if (!current) {
            std::optional<std::vector<db::SeatmapDelta>> deltas;
            m_database.transact([&](db::Tx &tx) {
                deltas = db::SeatmapRepository::deltasAfter(tx, eventId, entry->version);
            });
            if (deltas) {
                // Patching detaches the text from responses still holding the old one.
                for (const db::SeatmapDelta &delta : *deltas) {
                    const QJsonObject changes = QJsonDocument::fromJson(delta.changes).object();
                    for (const auto &seat : changes.value(u"seats").toArray()) {
                        const auto at = entry->seatAt.constFind(seat[u"id"].toString().toUtf8());
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
            return done(current ? "cached" : "patch", {entry->version, entry->json});
    }
    entry = build(eventId);
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() >= m_maxEvents && !m_entries.contains(eventId))
        m_entries.erase(m_entries.begin()); // any one: a miss only costs a rebuild
    m_entries.insert(eventId, entry);
    return done("build", {entry->version, entry->json});
}

} // namespace boxoffice::server::domain
