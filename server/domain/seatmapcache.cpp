// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapcache.h"

#include "db/database.h"
#include "db/seatmapdeltacodec.h"
#include "db/seatmaprepository.h"
#include "error.h"
#include "metrics/registry.h"
#include "seatmaplayout.h"
#include "seattable.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <cstring>
#include <stdexcept>

namespace boxoffice::server::domain {

namespace {

Q_LOGGING_CATEGORY(lcSeatmapCache, "boxoffice.seatmap.cache")

constexpr int kStatusWidth = SeatmapLayout::kStatusWidth;
constexpr int kNumberWidth = SeatmapLayout::kNumberWidth;

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
    int seatLayout = 0; ///< the event's layout number the fixed part was built from
    qint64 version = 0;
    QByteArray full; // all forms detach from responses still holding an older text when patched
    QByteArray ws;
    QByteArray status;

    void setSeat(int index, const QByteArray &slot)
    {
        // The status's first letter is its code, at the seat's place in the plan.
        status[layout->statusAt + layout->planPosition[size_t(index)]] = slot[1];
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
        std::memcpy(status.data() + layout->gaStatus[size_t(index)],
                    slot.constData(),
                    size_t(kNumberWidth));
    }
    void setVersion(qint64 value)
    {
        version = value;
        const QByteArray slot = SeatmapLayout::numberSlot(value);
        std::memcpy(full.data() + layout->versionAt, slot.constData(), size_t(kNumberWidth));
    }
    /// Every slot from `statuses`; false (nothing written) when they are not of this layout.
    bool fill(const db::SeatmapStatuses &statuses)
    {
        if (size_t(statuses.codes.size()) != layout->seatFull.size()
            || statuses.ga.size() != layout->gaFull.size())
            return false;
        std::vector<int> zones;
        for (const db::GaRow &zone : statuses.ga) {
            zones.push_back(layout->gaIndex.value(zone.id, -1));
            if (zones.back() < 0)
                return false;
        }
        char *fullText = full.data();
        char *wsText = ws.data();
        char *statusText = status.data() + layout->statusAt;
        const char *codes = statuses.codes.constData();
        for (size_t i = 0; i < layout->seatFull.size(); ++i) {
            const char *slot = SeatmapLayout::codeSlot(codes[i]).constData();
            std::memcpy(fullText + layout->seatFull[i], slot, size_t(kStatusWidth));
            std::memcpy(wsText + layout->seatWs[i], slot, size_t(kStatusWidth));
            statusText[layout->planPosition[i]] = slot[1];
        }
        for (size_t i = 0; i < zones.size(); ++i)
            setGa(zones[i], statuses.ga[i].available);
        setVersion(statuses.version);
        return true;
    }
};

SeatmapCache::Snapshot SeatmapCache::snapshotOf(const Entry &entry)
{
    return {entry.version, entry.full, entry.ws, entry.status, entry.layout->plan, entry.seatLayout};
}

SeatmapCache::SeatmapCache(db::Database &database, int maxEvents)
    : m_database(database)
    , m_maxEvents(maxEvents)
{
    m_builders.setMaxThreadCount(1);
}

SeatmapCache::~SeatmapCache() = default;

bool SeatmapCache::fill(Entry &entry, db::SeatmapStatuses &statuses, const QString &eventId)
{
    if (!statuses.kept)
        rebuildStatuses(eventId);
    if (entry.fill(statuses))
        return true;
    if (!statuses.kept)
        return false;
    // The status vector does not fit the seats (never expected): the live rows, and a rebuild.
    qCWarning(lcSeatmapCache) << "seat-map status vector of" << eventId << "does not fit";
    std::optional<db::SeatmapStatuses> live;
    m_database
        .transact([&](db::Tx &tx) { live = db::SeatmapRepository::statuses(tx, eventId, true); },
                  db::Database::Isolation::RepeatableRead);
    if (!live)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    statuses = std::move(*live);
    return fill(entry, statuses, eventId);
}

void SeatmapCache::rebuildStatuses(const QString &eventId)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_rebuilt.contains(eventId))
            return; // once per event and process: an event without ordinals never gets one
        m_rebuilt.insert(eventId);
    }
    m_builders.start([this, eventId] {
        try {
            bool built = false;
            m_database.transact(
                [&](db::Tx &tx) { built = db::SeatmapRepository::rebuildStatuses(tx, eventId); });
            qCInfo(lcSeatmapCache) << "seat-map status vector of" << eventId
                                   << (built ? "rebuilt" : "not possible (no ordinals)");
        } catch (const std::exception &error) {
            qCWarning(lcSeatmapCache) << "seat-map status vector not rebuilt:" << error.what();
        }
    });
}

std::shared_ptr<SeatmapCache::Entry> SeatmapCache::scan(const QString &eventId)
{
    // Straight from the result's bytes into the seat table: no QString or JSON object per seat.
    SeatTable table;
    std::optional<db::SeatmapStatuses> statuses;
    int seatLayout = 0;
    m_database.transact(
        [&](db::Tx &tx) {
            table = SeatTable(); // a retried transaction starts over
            statuses.reset();
            seatLayout = db::SeatmapRepository::seatLayout(tx, eventId);
            const auto onSeat = [&](const db::SeatView &seat) {
                table.addSeat(seat.id,
                              seat.section,
                              seat.row,
                              seat.number,
                              seat.x,
                              seat.y,
                              seat.category);
            };
            const auto onZone = [&](const db::GaRow &zone) {
                table.addZone(zone.id, zone.name, zone.capacity);
            };
            if (db::SeatmapRepository::scan(tx, eventId, onSeat, onZone))
                statuses = db::SeatmapRepository::statuses(tx, eventId);
        },
        db::Database::Isolation::RepeatableRead);
    if (!statuses)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    const QByteArray text = table.text();
    auto layout = SeatmapLayout::expand(eventId, text, seatLayout);
    if (!layout || layout->seatFull.size() != size_t(table.seats()))
        throw std::runtime_error("seat map: the seat table does not expand");
    try {
        m_database.transact([&](db::Tx &tx) {
            db::SeatmapRepository::storeTemplate(tx,
                                                 eventId,
                                                 {table.seats(), qCompress(text), seatLayout});
        });
    } catch (const std::exception &error) {
        // Only the next build gets slower (or the event was deleted meanwhile).
        qCWarning(lcSeatmapCache) << "seat-map template not stored:" << error.what();
    }
    auto entry = std::make_shared<Entry>();
    entry->seatLayout = seatLayout;
    entry->full = std::move(layout->full); // the map is its own template from now on
    entry->ws = std::move(layout->ws);
    entry->status = std::move(layout->status);
    entry->layout = std::move(layout);
    if (!fill(*entry, *statuses, eventId))
        throw std::runtime_error("seat map: the statuses do not fit the seats");
    return entry;
}

std::shared_ptr<SeatmapCache::Entry> SeatmapCache::build(const QString &eventId,
                                                         const std::shared_ptr<Entry> &old)
{
    QElapsedTimer clock;
    clock.start();
    // One snapshot, one connection: the version with its statuses (the relay's status vector,
    // a few rows) and the compressed seat table (~0.35 MB for 60,000 seats).
    std::optional<db::SeatmapStatuses> statuses;
    std::optional<db::SeatmapTemplate> stored;
    m_database.transact(
        [&](db::Tx &tx) {
            statuses = db::SeatmapRepository::statuses(tx, eventId);
            if (statuses && !old)
                stored = db::SeatmapRepository::loadTemplate(tx, eventId);
        },
        db::Database::Isolation::RepeatableRead);
    if (!statuses)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    const qint64 read = clock.nsecsElapsed();
    qint64 inflated = read;
    auto entry = std::make_shared<Entry>();
    if (old) { // too old to patch: its text is a template (every slot gets overwritten)
        QMutexLocker lock(&old->mutex);
        entry->layout = old->layout;
        entry->seatLayout = old->seatLayout;
        entry->full = old->full;
        entry->ws = old->ws;
        entry->status = old->status;
    } else {
        if (!stored)
            return nullptr;
        const QByteArray table = qUncompress(stored->packed);
        inflated = clock.nsecsElapsed();
        auto layout = SeatmapLayout::expand(eventId, table, stored->layout);
        if (!layout || layout->seatFull.size() != size_t(stored->seats))
            return nullptr; // not a seat table of this format: scan instead
        entry->full = std::move(layout->full);
        entry->ws = std::move(layout->ws);
        entry->status = std::move(layout->status);
        entry->layout = std::move(layout);
        entry->seatLayout = stored->layout;
    }
    const qint64 expanded = clock.nsecsElapsed();
    if (!fill(*entry, *statuses, eventId))
        return nullptr; // not this event's template (never expected): scan instead
    qCDebug(lcSeatmapCache,
            "build %s: read by %.1f ms (%s statuses), inflated by %.1f ms, expanded by %.1f ms,"
            " done at %.1f ms",
            qPrintable(eventId),
            double(read) / 1e6,
            statuses->kept ? "kept" : "live",
            double(inflated) / 1e6,
            double(expanded) / 1e6,
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
    std::optional<db::SeatmapVersion> state;
    m_database.transact([&](db::Tx &tx) { state = db::SeatmapRepository::version(tx, eventId); });
    if (!state)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such event"));
    const std::optional<qint64> version = state->version;
    std::shared_ptr<Entry> entry;
    {
        QMutexLocker lock(&m_mutex);
        entry = m_entries.value(eventId);
    }
    // Seats moved to other price categories: the fixed part is rebuilt, not patched.
    if (entry && entry->seatLayout != state->layout)
        entry.reset();
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
                    const db::SeatmapChanges changes = db::readSeatmapChanges(delta.changes);
                    const SeatmapLayout &layout = *entry->layout;
                    for (const db::SeatmapChanges::Seat &seat : changes.seats) {
                        const int index = layout.seatPosition(seat.id.toUtf8(), entry->ws);
                        if (index >= 0)
                            entry->setSeat(index, SeatmapLayout::statusSlot(seat.status.toLatin1()));
                    }
                    for (const db::SeatmapChanges::Zone &zone : changes.zones) {
                        const int index = layout.gaIndex.value(zone.id, -1);
                        if (index >= 0)
                            entry->setGa(index, zone.available);
                    }
                    entry->setVersion(delta.version);
                }
            }
        }
        if (entry->version >= *version)
            return done(current ? "cached" : "patch", snapshotOf(*entry));
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
    return done(kind, snapshotOf(*entry));
}

} // namespace boxoffice::server::domain
