// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

#include <memory>
#include <mutex>
#include <vector>

namespace boxoffice::server::domain {

/// The parts of an event's seat map that never change (its inventory is a copy of the venue at
/// event creation): both JSON forms with a fixed-width slot for every status, GA count and the
/// version, and where each slot is. A map at a version is a copy of the templates with the slots
/// filled in, so a build needs only the statuses from the database.
struct SeatmapLayout
{
    static constexpr int kStatusWidth = 11; // "available" with quotes; others padded with spaces
    static constexpr int kNumberWidth = 20; // version and GA counts, padded with spaces

    // The texts as written; any map of the event serves as its template too (every slot gets
    // overwritten), so SeatmapCache moves these into its first map instead of keeping a copy.
    QByteArray full;         ///< GET /events/{id}/seatmap body
    QByteArray ws;           ///< {"seats":[{"id","status"}],"ga":[{"id","available"}]}
    QByteArray status;       ///< {"layout","status":"<a code per seat, in plan order>","ga":[...]}
    QByteArray plan;         ///< the fixed part by column (SeatmapPlan), seats along their rows
    qsizetype versionAt = 0; ///< version slot in `full`
    std::vector<qsizetype> seatFull; ///< status slots in seat id order
    std::vector<qsizetype> seatWs;   ///< the same in `ws`
    std::vector<qsizetype> gaFull;   ///< GA available slots in GA id order
    std::vector<qsizetype> gaWs;     ///< the same in `ws`
    std::vector<qsizetype> gaStatus; ///< the same in `status`
    qsizetype statusAt = 0;          ///< the first code in `status` (one byte per seat)
    std::vector<int> planPosition;   ///< seat (id order) -> its place in the plan and `status`
    std::vector<qsizetype> idWs;     ///< where each seat's quoted id starts in `ws`
    QHash<QString, int> gaIndex;     ///< GA id -> position

    /// Position of a seat (id in UTF-8), -1 for none. `ws` is any map's WebSocket text (the ids
    /// never change): the index is built at the first call (the first patch), not by every build.
    int seatPosition(const QByteArray &id, const QByteArray &ws) const;

    /// Writes the texts of the event's map from its seat table (SeatTable::text()), every seat
    /// available, GA counts and version 0, and notes the slots; the plan names `seatLayout`.
    /// nullptr when `table` is not such a table. No JSON is parsed: its values are JSON already.
    static std::shared_ptr<SeatmapLayout> expand(const QString &eventId,
                                                 const QByteArray &table,
                                                 int seatLayout = 0);

    /// The fixed-width slot of a status ("available", "held", ...).
    static QByteArray statusSlot(QByteArrayView status);
    /// The slot of a status code from SeatmapRepository::statuses ('a', 'h', 's', 'b').
    static const QByteArray &codeSlot(char code);
    /// A number padded to kNumberWidth.
    static QByteArray numberSlot(qint64 value);

private:
    mutable std::once_flag m_indexed;
    mutable QHash<QByteArray, int> m_seatIndex;
};

} // namespace boxoffice::server::domain
