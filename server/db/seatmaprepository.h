// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "seatmaplistener.h"

#include <functional>
#include <optional>
#include <string_view>

namespace boxoffice::server::db {

class Tx;

/// One seat of a full seat map.
struct SeatRow
{
    QString id, section, row, number, category, status;
    double x = 0, y = 0;
};

/// One GA zone of a full seat map.
struct GaRow
{
    QString id, name;
    int capacity = 0;
    int available = 0;
};

/// The fixed fields of one seat of a seat map as the database sent them: views into the result,
/// valid during the callback only; x and y are PostgreSQL's shortest exact text of the doubles.
struct SeatView
{
    std::string_view id, section, row, number, category, x, y;
};

/// The changing part of a seat map at a version: one status code per seat ('a'vailable, 'h'eld,
/// 's'old, 'b'locked) in map order (SeatmapRepository::scan's), and the GA zones (id and
/// available only).
struct SeatmapStatuses
{
    qint64 version = 0;
    QByteArray codes;
    std::vector<GaRow> ga;
    bool kept = false; ///< from the status vector the relay keeps; else from the live rows
};

/// A stored seat-map template.
struct SeatmapTemplate
{
    int seats = 0;
    QByteArray packed; ///< as stored by SeatmapCache (compressed seat table)
    int layout = 0;    ///< the event's seat_layout it was built from
};

/// An event's seat-map version and its layout number (price categories moved: a new layout).
struct SeatmapVersion
{
    qint64 version = 0;
    int layout = 0;
};

/// A full seat map at a version (for GET /events/{id}/seatmap).
struct SeatmapRows
{
    qint64 version = 0;
    std::vector<SeatRow> seats;
    std::vector<GaRow> ga;
};

/// Reads of the seat-map log for subscribers (run in a repeatable-read transaction so that the
/// version and the statuses belong together).
struct SeatmapRepository
{
    /// std::nullopt for an unknown event. `since` < 0 asks for a snapshot, which the caller takes
    /// from the seat-map cache (one path for GET and WebSocket snapshots).
    static std::optional<SeatmapCatchUp> catchUp(Tx &tx, const QString &eventId, qint64 since);
    /// The full map with its version; std::nullopt for an unknown event.
    static std::optional<SeatmapRows> rows(Tx &tx, const QString &eventId);
    /// The fixed fields of the map without a QString per field (for building its template):
    /// `seat` for every seat in map order (by ordinal, the status vector's order; seat id order
    /// when the inventory has no ordinals), then `ga` for every zone in id order; the version, or
    /// std::nullopt for an unknown event.
    static std::optional<qint64> scan(Tx &tx,
                                      const QString &eventId,
                                      const std::function<void(const SeatView &)> &seat,
                                      const std::function<void(const GaRow &)> &ga);
    /// The statuses with their version, from the event's status vector (one short read), or
    /// from every seat's row when the event has none or `live` is true; std::nullopt for an
    /// unknown event.
    static std::optional<SeatmapStatuses> statuses(Tx &tx,
                                                   const QString &eventId,
                                                   bool live = false);
    /// (Re)builds the event's status vector from the live rows; false when it cannot have one.
    static bool rebuildStatuses(Tx &tx, const QString &eventId);
    /// The stored seat-map template of the event's current layout, if any.
    static std::optional<SeatmapTemplate> loadTemplate(Tx &tx, const QString &eventId);
    /// Stores (or replaces) the event's seat-map template, unless a newer layout's is stored.
    static void storeTemplate(Tx &tx, const QString &eventId, const SeatmapTemplate &stored);
    /// Log rows after `since` up to the current version, or std::nullopt when some are pruned.
    static std::optional<std::vector<SeatmapDelta>> deltasAfter(Tx &tx,
                                                                const QString &eventId,
                                                                qint64 since);
    /// Events that start soonest (not yet started), for warming the seat-map cache.
    static std::vector<QString> upcomingEvents(Tx &tx, int limit);
    /// The event's last published seat-map version and its layout; std::nullopt for an unknown
    /// event.
    static std::optional<SeatmapVersion> version(Tx &tx, const QString &eventId);
    /// The event's layout number (0 for an unknown event).
    static int seatLayout(Tx &tx, const QString &eventId);
};

} // namespace boxoffice::server::db
