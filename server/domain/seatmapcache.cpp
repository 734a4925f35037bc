#include "seatmapcache.h"

#include "db/database.h"
#include "db/seatmaprepository.h"
#include "error.h"
#include "metrics/registry.h"
#include "seatmaplayout.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QtConcurrent>

#include <cstring>
#include <stdexcept>
#include <string_view>

namespace boxoffice::server::domain {

namespace {

Q_LOGGING_CATEGORY(lcSeatmapCache, "boxoffice.seatmap.cache")

constexpr int kStatusWidth = SeatmapLayout::kStatusWidth;
constexpr int kNumberWidth = SeatmapLayout::kNumberWidth;

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
                       "Server time of a full seat map: scan (an event's first build, reading"
                       " every seat's layout), build (template + statuses from PostgreSQL),"
                       " patch (cached map moved to a newer version) or cached."),
                   QStringLiteral("kind=\"%1\"").arg(QLatin1String(kind)),
                   {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1});
}

} // namespace

struct SeatmapCache::Entry
{
    QMutex mutex;
    std::shared_ptr<const SeatmapLayout> layout;
    qint64 version = 0;
    QByteArray full; // both forms detach from responses still holding an older text when patched
    QByteArray ws;

    void setSeat(int index, const QByteArray &slot)
    {
        std::memcpy(full.data() + layout->seatFull[size_t(index)],
                    slot.constData(),
                    size_t(kStatusWidth));
        std::memcpy(ws.data() + layout->seatWs[size_t(index)],
                    slot.constData(),
                    size_t(kStatusWidth));
    }
    void setGa(int index, qint64 available)
    {
        const QByteArray slot = SeatmapLayout::numberSlot(available);
        std::memcpy(full.data() + layout->gaFull[size_t(index)],
                    slot.constData(),
                    size_t(kNumberWidth));
        std::memcpy(ws.data() + layout->gaWs[size_t(index)], slot.constData(), size_t(kNumberWidth));
    }
    void setVersion(qint64 value)
    {
        version = value;
        const QByteArray slot = SeatmapLayout::numberSlot(value);
        std::memcpy(full.data() + layout->versionAt, slot.constData(), size_t(kNumberWidth));
    }
};

SeatmapCache::SeatmapCache(db::Database &database, int maxEvents)
    : m_database(database)
    , m_maxEvents(maxEvents)
{
    m_builders.setMaxThreadCount(1);
    m_loaders.setMaxThreadCount(2);
}

SeatmapCache::~SeatmapCache() = default;

std::shared_ptr<SeatmapCache::Entry> SeatmapCache::scan(const QString &eventId)
{
    // Straight from the result's bytes into one pre-sized buffer: no QString or JSON object per
    // seat (60,000 seats are ~8 MB of JSON).
    auto entry = std::make_shared<Entry>();
    QByteArray out;
    qsizetype seats = 0;
    const auto onSeat = [&](const db::SeatView &seat) {
        if (out.isEmpty()) {
            out.reserve(8 * 1024 * 1024);
            out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
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
        ++seats;
        appendStatusSlot(out, seat.status);
        out += '}';
    };
    bool firstZone = true;
    const auto onZone = [&](const db::GaRow &zone) {
        if (out.isEmpty()) { // no seats at all
            out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
            out += QByteArray(kNumberWidth, ' ') + ",\"seats\":[";
        }
        out += firstZone ? "],\"ga\":[{\"id\":" : ",{\"id\":";
        firstZone = false;
        appendString(out, zone.id);
        out += ",\"name\":";
        appendString(out, zone.name);
        out += ",\"capacity\":" + QByteArray::number(zone.capacity) + ",\"available\":";
        out += SeatmapLayout::numberSlot(zone.available) + '}';
    };
    std::optional<qint64> version;
    m_database.transact(
        [&](db::Tx &tx) {
            out.clear(); // a retried transaction starts over
            seats = 0;
            firstZone = true;
            version = db::SeatmapRepository::scan(tx, eventId, onSeat, onZone);
        },
        db::Database::Isolation::RepeatableRead);
    if (!version)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    if (out.isEmpty()) {
        out += "{\"event_id\":\"" + eventId.toLatin1() + "\",\"version\":";
        out += QByteArray(kNumberWidth, ' ') + ",\"seats\":[";
    }
    out += firstZone ? "],\"ga\":[]}" : "]}";
    auto layout = SeatmapLayout::parse(out);
    if (!layout || layout->seatFull.size() != size_t(seats))
        throw std::runtime_error("seat map: the built JSON does not parse as a template");
    try {
        m_database.transact([&](db::Tx &tx) {
            db::SeatmapRepository::storeTemplate(tx, eventId, int(seats), out);
        });
    } catch (const std::exception &error) {
        // Only the next build gets slower (or the event was deleted meanwhile).
        qCWarning(lcSeatmapCache) << "seat-map template not stored:" << error.what();
    }
    entry->ws = std::move(layout->ws);
    layout->full.clear(); // the map is its own template from now on
    entry->full = std::move(out);
    entry->layout = std::move(layout);
    entry->setVersion(*version);
    return entry;
}

std::shared_ptr<SeatmapCache::Entry> SeatmapCache::build(const QString &eventId,
                                                         const std::shared_ptr<Entry> &old)
{
    QElapsedTimer clock;
    clock.start();
    qint64 loaded = 0, parsed = 0, read = 0;
    auto entry = std::make_shared<Entry>();
    struct Loaded
    {
        std::shared_ptr<SeatmapLayout> layout;
        qint64 read = 0, parsed = 0; // clock at each step, for the debug log
    };
    QFuture<Loaded> template_;
    if (old) { // too old to patch: its text is a template (every slot gets overwritten)
        QMutexLocker lock(&old->mutex);
        entry->layout = old->layout;
        entry->full = old->full;
        entry->ws = old->ws;
    } else {
        // Read and parse the template on another connection while this one reads the statuses
        // (by value only: the task may outlive this call when the statuses read throws).
        template_ = QtConcurrent::run(&m_loaders, [this, eventId, clock] {
            Loaded out;
            std::optional<QByteArray> body;
            m_database.transact(
                [&](db::Tx &tx) { body = db::SeatmapRepository::loadTemplate(tx, eventId); });
            out.read = clock.nsecsElapsed();
            if (body)
                out.layout = SeatmapLayout::parse(*body);
            out.parsed = clock.nsecsElapsed();
            return out;
        });
    }
    std::optional<db::SeatmapStatuses> statuses;
    m_database.transact([&](db::Tx &tx) { statuses = db::SeatmapRepository::statuses(tx, eventId); },
                        db::Database::Isolation::RepeatableRead);
    read = clock.nsecsElapsed();
    if (!old) {
        Loaded done = template_.result(); // runs it here if no loader thread took it yet
        loaded = done.read;
        parsed = done.parsed;
        auto layout = std::move(done.layout);
        if (!layout)
            return nullptr;
        entry->full = std::move(layout->full);
        entry->ws = std::move(layout->ws);
        entry->layout = std::move(layout);
    }
    if (!statuses)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    const SeatmapLayout &layout = *entry->layout;
    if (size_t(statuses->codes.size()) != layout.seatFull.size()
        || statuses->ga.size() != layout.gaFull.size())
        return nullptr; // not this event's template (never expected): scan instead
    const char *codes = statuses->codes.constData();
    for (qsizetype i = 0; i < statuses->codes.size(); ++i)
        entry->setSeat(int(i), SeatmapLayout::codeSlot(codes[i]));
    for (size_t i = 0; i < statuses->ga.size(); ++i) {
        const int index = layout.gaIndex.value(statuses->ga[i].id, -1);
        if (index < 0)
            return nullptr;
        entry->setGa(index, statuses->ga[i].available);
    }
    entry->setVersion(statuses->version);
    qCDebug(lcSeatmapCache,
            "build %s: template read by %.1f ms, parsed by %.1f ms, statuses by %.1f ms,"
            " done at %.1f ms",
            qPrintable(eventId),
            double(loaded) / 1e6,
            double(parsed) / 1e6,
            double(read) / 1e6,
            double(clock.nsecsElapsed()) / 1e6);
    return entry;
}

void SeatmapCache::prepare(const QString &eventId)
{
    m_builders.start([this, eventId] {
        try {
            get(eventId);
        } catch (const std::exception &error) {
            qCWarning(lcSeatmapCache)
                << "seat map not prepared:" << error.what(); // readers build it
        }
    });
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
                for (const db::SeatmapDelta &delta : *deltas) {
                    const QJsonObject changes = QJsonDocument::fromJson(delta.changes).object();
                    const SeatmapLayout &layout = *entry->layout;
                    for (const auto &seat : changes.value(u"seats").toArray()) {
                        const int index = layout.seatPosition(seat[u"id"].toString().toUtf8(),
                                                              entry->ws);
                        if (index >= 0)
                            entry->setSeat(index,
                                           SeatmapLayout::statusSlot(
                                               seat[u"status"].toString().toLatin1()));
                    }
                    for (const auto &zone : changes.value(u"ga").toArray()) {
                        const int index = layout.gaIndex.value(zone[u"id"].toString(), -1);
                        if (index >= 0)
                            entry->setGa(index, zone[u"available"].toInteger());
                    }
                    entry->setVersion(delta.version);
                }
            }
        }
        if (entry->version >= *version)
            return done(current ? "cached" : "patch", {entry->version, entry->full, entry->ws});
    }
    // A cached map too old to patch keeps its template; a first build reads the layout once.
    const char *kind = "build";
    if (auto built = build(eventId, entry)) {
        entry = std::move(built);
    } else {
        entry = scan(eventId);
        kind = "scan";
    }
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() >= m_maxEvents && !m_entries.contains(eventId))
        m_entries.erase(m_entries.begin()); // any one: a miss only costs a rebuild
    m_entries.insert(eventId, entry);
    return done(kind, {entry->version, entry->full, entry->ws});
}

} // namespace boxoffice::server::domain
