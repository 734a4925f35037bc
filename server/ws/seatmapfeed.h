// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <thread>

namespace boxoffice::server::domain {
class ChangeListener;
}

namespace boxoffice::server::ws {

/// Shards still fanning out one delta: the last one to finish records the fan-out time.
struct FanoutCount
{
    std::atomic_int left;
    std::atomic_bool delivered = false; // some shard had subscribers
    explicit FanoutCount(int shards)
        : left(shards)
    {}
};

/// A seat-map delta as pushed to clients, formatted once and shared by every subscriber (and
/// every shard thread: implicitly shared, never modified after it is posted).
struct DeltaFrame
{
    QString eventId;
    qint64 version = 0;
    QString text;        // {"type":"seatmap.delta",...}
    qint64 readAtNs = 0; // steady clock when the feed read the log row (fan-out metric)
    QByteArray wire;     // the whole WebSocket text frame (header + UTF-8 text), or empty
    std::shared_ptr<FanoutCount> fanout; // null: one consumer
};

/// An unmasked, unfragmented WebSocket text frame (server to client, RFC 6455 5.2).
QByteArray encodeTextFrame(const QByteArray &utf8);

/// std::chrono::steady_clock in nanoseconds (DeltaFrame::readAtNs).
qint64 steadyNs();

/// Formats a log row's changes as a `seatmap.delta` push.
QString formatDelta(const QString &eventId, qint64 version, const QByteArray &changes);
/// Formats a snapshot (`{"seats":[...],"ga":[...]}`) as a `seatmap.snapshot` push.
QString formatSnapshot(const QString &eventId, qint64 version, const QByteArray &snapshot);

/// This instance's LISTEN on `seatmap` and `orders`: a thread with its own session that, for each
/// notified event, reads every log row after the last one it delivered (so coalesced or
/// lost-in-flight notifications leave no gap) and hands them, in version order, to the event
/// loop; likewise order_log rows after its order cursor. After a reconnect it resumes both from
/// its cursors, so nothing relayed while the connection was down is lost.
class SeatmapFeed : public QObject
{
    Q_OBJECT
public:
    explicit SeatmapFeed(std::string url, QObject *parent = nullptr);
    ~SeatmapFeed() override;

    void start();
    void stop();

Q_SIGNALS:
    /// Emitted on the thread that owns this object, versions consecutive per event from the
    /// first one seen.
    void delta(const boxoffice::server::ws::DeltaFrame &frame);
    /// An order's status changed (relayed `order.*` row), on this object's thread.
    void orderChanged(const QString &orderId, const QString &owner);

private:
    void run();
    void deliver(domain::ChangeListener &listener, const QString &eventId, qint64 after);
    void readOrders(domain::ChangeListener &listener);

    std::string m_url;
    std::atomic_bool m_stop = false;
    std::thread m_thread;
    QHash<QString, qint64> m_delivered; // feed thread only
    qint64 m_orderSeq = -1;             // feed thread only: last order_log row handed on
};

} // namespace boxoffice::server::ws

Q_DECLARE_METATYPE(boxoffice::server::ws::DeltaFrame)
