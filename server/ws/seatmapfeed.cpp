// SPDX-License-Identifier: GPL-3.0-or-later
#include "seatmapfeed.h"

#include "domain/seatmapchanges.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <chrono>

namespace boxoffice::server::ws {

Q_LOGGING_CATEGORY(lcFeed, "boxoffice.ws.feed")

namespace {

QByteArray head(const char *type, const QString &eventId, qint64 version)
{
    return QByteArray("{\"type\":\"") + type + "\",\"event_id\":\"" + eventId.toLatin1()
           + "\",\"version\":" + QByteArray::number(version);
}

} // namespace

qint64 steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

QByteArray encodeTextFrame(const QByteArray &utf8)
{
    const qsizetype size = utf8.size();
    QByteArray frame;
    frame.reserve(size + 10);
    frame.append(char(0x81)); // FIN + text
    if (size < 126) {
        frame.append(char(size));
    } else if (size <= 0xffff) {
        frame.append(char(126));
        frame.append(char(size >> 8));
        frame.append(char(size & 0xff));
    } else {
        frame.append(char(127));
        for (int shift = 56; shift >= 0; shift -= 8)
            frame.append(char((quint64(size) >> shift) & 0xff));
    }
    frame.append(utf8);
    return frame;
}

QString formatDelta(const QString &eventId, qint64 version, const QByteArray &changes)
{
    const QJsonObject object = QJsonDocument::fromJson(changes).object();
    const QByteArray seats = QJsonDocument(object.value(u"seats").toArray())
                                 .toJson(QJsonDocument::Compact);
    const QByteArray ga = QJsonDocument(object.value(u"ga").toArray()).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(head("seatmap.delta", eventId, version) + ",\"changes\":" + seats
                             + ",\"ga\":" + ga + '}');
}

QString formatSnapshot(const QString &eventId, qint64 version, const QByteArray &snapshot)
{
    // snapshot is {"seats":[...],"ga":[...]}: splice its members after the header.
    return QString::fromUtf8(head("seatmap.snapshot", eventId, version) + ','
                             + snapshot.mid(snapshot.indexOf('{') + 1));
}

SeatmapFeed::SeatmapFeed(std::string url, QObject *parent)
    : QObject(parent)
    , m_url(std::move(url))
{
    qRegisterMetaType<DeltaFrame>();
}

SeatmapFeed::~SeatmapFeed()
{
    stop();
}

void SeatmapFeed::start()
{
    m_stop = false;
    m_thread = std::thread([this] { run(); });
}

void SeatmapFeed::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void SeatmapFeed::run()
{
    bool reconnected = false;
    while (!m_stop) {
        try {
            // LISTEN is on before anything is read, so nothing falls between the two.
            domain::ChangeListener listener(m_url);
            if (m_orderSeq < 0)
                m_orderSeq = listener.lastOrderSeq(); // a fresh instance starts from now
            bool ordersDue = reconnected;             // whatever was notified meanwhile is gone
            if (reconnected) {
                // Seat maps too: deliver what was logged while the connection was down, instead
                // of waiting for each event's next change to reveal the gap.
                for (auto it = m_delivered.cbegin(); it != m_delivered.cend(); ++it)
                    deliver(listener, it.key(), *it);
            }
            reconnected = true;
            while (!m_stop) {
                const auto notified = listener.wait(ordersDue ? 0 : 200);
                if (listener.takeOrdersNotified() || ordersDue) {
                    ordersDue = false;
                    readOrders(listener);
                }
                for (const auto &[eventId, version] : notified) {
                    auto it = m_delivered.find(eventId);
                    const qint64 after = it == m_delivered.end() ? version - 1 : *it;
                    if (version > after)
                        deliver(listener, eventId, after);
                }
            }
        } catch (const std::exception &error) {
            // The order and seat-map cursors stay: the next connection resumes from them.
            qCWarning(lcFeed) << "seat-map listener lost its connection:" << error.what();
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    }
}

void SeatmapFeed::deliver(domain::ChangeListener &listener, const QString &eventId, qint64 after)
{
    for (const auto &row : listener.deltasAfter(eventId, after)) {
        const DeltaFrame frame{eventId,
                               row.version,
                               formatDelta(eventId, row.version, row.changes),
                               steadyNs()};
        m_delivered.insert(eventId, row.version);
        QMetaObject::invokeMethod(
            this, [this, frame] { Q_EMIT delta(frame); }, Qt::QueuedConnection);
    }
}

void SeatmapFeed::readOrders(domain::ChangeListener &listener)
{
    for (;;) {
        const auto changes = listener.ordersAfter(m_orderSeq);
        for (const auto &change : changes) {
            m_orderSeq = change.seq;
            QMetaObject::invokeMethod(
                this,
                [this, change] { Q_EMIT orderChanged(change.orderId, change.owner); },
                Qt::QueuedConnection);
        }
        if (changes.size() < 1000)
            return;
    }
}

} // namespace boxoffice::server::ws
