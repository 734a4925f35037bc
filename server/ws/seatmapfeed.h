#pragma once

#include <QHash>
#include <QObject>
#include <QString>

#include <atomic>
#include <string>
#include <thread>

namespace boxoffice::server::ws {

/// A seat-map delta as pushed to clients, formatted once and shared by every subscriber.
struct DeltaFrame
{
    QString eventId;
    qint64 version = 0;
    QString text; // {"type":"seatmap.delta",...}
};

/// Formats a log row's changes as a `seatmap.delta` push.
QString formatDelta(const QString &eventId, qint64 version, const QByteArray &changes);
/// Formats a snapshot (`{"seats":[...],"ga":[...]}`) as a `seatmap.snapshot` push.
QString formatSnapshot(const QString &eventId, qint64 version, const QByteArray &snapshot);

/// This instance's LISTEN on `seatmap`: a thread with its own session that, for each notified
/// event, reads every log row after the last one it delivered (so coalesced or lost-in-flight
/// notifications leave no gap) and hands them, in version order, to the event loop.
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

    std::string m_url;
    std::atomic_bool m_stop = false;
    std::thread m_thread;
    QHash<QString, qint64> m_delivered; // feed thread only
};

} // namespace boxoffice::server::ws

Q_DECLARE_METATYPE(boxoffice::server::ws::DeltaFrame)
