#include "seatmaplistener.h"

#include "statement.h"

namespace boxoffice::server::db {

struct SeatmapListener::Receiver : pqxx::notification_receiver
{
    Receiver(pqxx::connection &connection)
        : pqxx::notification_receiver(connection, "seatmap")
    {}
    void operator()(const std::string &payload, int) override
    {
        const auto colon = payload.rfind(':');
        if (colon == std::string::npos)
            return;
        bool ok = false;
        const qint64 version = QByteArray::fromStdString(payload.substr(colon + 1)).toLongLong(&ok);
        if (ok)
            pending.emplace_back(QString::fromStdString(payload.substr(0, colon)), version);
    }
    std::vector<std::pair<QString, qint64>> pending;
};

struct SeatmapListener::OrderReceiver : pqxx::notification_receiver
{
    OrderReceiver(pqxx::connection &connection)
        : pqxx::notification_receiver(connection, "orders")
    {}
    void operator()(const std::string &payload, int) override
    {
        // 'order_id:owner': the id is a uuid, so the first colon ends it.
        const auto colon = payload.find(':');
        if (colon == std::string::npos || colon == 0)
            return;
        pending.push_back({QString::fromStdString(payload.substr(0, colon)),
                           QString::fromStdString(payload.substr(colon + 1))});
    }
    std::vector<OrderChange> pending;
};

SeatmapListener::SeatmapListener(const std::string &url)
    : m_pq(std::make_unique<PqConnection>(url))
    , m_receiver(std::make_unique<Receiver>(m_pq->connection))
    , m_orders(std::make_unique<OrderReceiver>(m_pq->connection))
{
    m_pq->connection.prepare("seatmap_after",
                             "SELECT version, changes::text FROM seatmap_log"
                             " WHERE event_id = $1::uuid AND version > $2 ORDER BY version"
                             " LIMIT 1000");
}

SeatmapListener::~SeatmapListener() = default;

std::vector<std::pair<QString, qint64>> SeatmapListener::wait(int timeoutMs)
{
    m_pq->connection.await_notification(timeoutMs / 1000, (timeoutMs % 1000) * 1000);
    m_pq->connection.get_notifs();
    return std::exchange(m_receiver->pending, {});
}

std::vector<OrderChange> SeatmapListener::takeOrderChanges()
{
    return std::exchange(m_orders->pending, {});
}

std::vector<SeatmapDelta> SeatmapListener::deltasAfter(const QString &eventId, qint64 after)
{
    pqxx::nontransaction work(m_pq->connection);
    std::vector<SeatmapDelta> out;
    for (const auto &row : work.exec_prepared("seatmap_after", str(eventId), after))
        out.push_back(
            {eventId, row[0].as<qint64>(), QByteArray(row[1].c_str(), qsizetype(row[1].size()))});
    return out;
}

} // namespace boxoffice::server::db
