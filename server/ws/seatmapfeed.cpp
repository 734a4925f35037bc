#include "seatmapfeed.h"

#include "db/seatmaplistener.h"

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
    while (!m_stop) {
        try {
            db::SeatmapListener listener(m_url);
            while (!m_stop) {
                const auto notified = listener.wait(200);
                for (const auto &change : listener.takeOrderChanges())
                    QMetaObject::invokeMethod(
                        this,
                        [this, change] { Q_EMIT orderChanged(change.orderId, change.owner); },
                        Qt::QueuedConnection);
                for (const auto &[eventId, version] : notified) {
                    auto it = m_delivered.find(eventId);
                    const qint64 after = it == m_delivered.end() ? version - 1 : *it;
                    if (version <= after)
                        continue;
                    for (const auto &row : listener.deltasAfter(eventId, after)) {
                        DeltaFrame frame{eventId,
                                         row.version,
                                         formatDelta(eventId, row.version, row.changes)};
                        m_delivered.insert(eventId, row.version);
                        QMetaObject::invokeMethod(
                            this, [this, frame] { Q_EMIT delta(frame); }, Qt::QueuedConnection);
                    }
                }
            }
        } catch (const std::exception &error) {
            // Deltas missed meanwhile are fetched by the hub's gap handling.
            qCWarning(lcFeed) << "seat-map listener lost its connection:" << error.what();
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    }
}

} // namespace boxoffice::server::ws
