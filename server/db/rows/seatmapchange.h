// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seat-map versions and order changes as logged (db reads them; the WebSocket feed sends them).

#include <QByteArray>
#include <QList>
#include <QString>

#include <vector>

namespace boxoffice::server::db {

/// A seat-map log row: one version of one event.
struct SeatmapDelta
{
    QString eventId;
    qint64 version = 0;
    QByteArray changes; // {"seats":[{"id","status"}],"ga":[{"id","available"}]}: sent as is
};

/// A delta's changes read (db/seatmapdeltacodec): each changed seat's status, each changed
/// GA zone's places left.
struct SeatmapChanges
{
    struct Seat
    {
        QString id;
        QString status; ///< available|held|sold|blocked
    };
    struct Zone
    {
        QString id;
        qint64 available = 0;
    };
    QList<Seat> seats;
    QList<Zone> zones;
};

/// An order whose status changed (relayed `order.*` outbox row, in order_log at `seq`).
struct OrderChange
{
    qint64 seq = 0;
    QString orderId;
    QString owner;
};

/// What a seat-map subscriber needs to catch up: the missing deltas, or a fresh snapshot.
struct SeatmapCatchUp
{
    bool snapshot = false;
    qint64 version = 0;               // the version the subscriber is at afterwards
    std::vector<SeatmapDelta> deltas; // when !snapshot, versions since+1..version
    QByteArray snapshotJson;          // when snapshot, filled by the caller from the seat-map cache
    QByteArray snapshotStatus;        // the same as {"layout","status","ga"} (a code per seat)
};

} // namespace boxoffice::server::db
