// SPDX-License-Identifier: GPL-3.0-or-later
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
    // The payload does not matter: the changes are read from order_log after the cursor.
    void operator()(const std::string &, int) override { notified = true; }
    bool notified = false;
};

SeatmapListener::SeatmapListener(const std::string &url)
    : m_pq(std::make_unique<PqConnection>(url))
    , m_receiver(std::make_unique<Receiver>(m_pq->connection))
    , m_orders(std::make_unique<OrderReceiver>(m_pq->connection))
{
    pqxx::nontransaction(m_pq->connection).exec("SET application_name = 'boxoffice-feed'");
    m_pq->connection.prepare("order_after",
                             "SELECT seq, order_id, owner FROM order_log WHERE seq > $1"
                             " ORDER BY seq LIMIT 1000");
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

bool SeatmapListener::takeOrdersNotified()
{
    return std::exchange(m_orders->notified, false);
}

std::vector<OrderChange> SeatmapListener::ordersAfter(qint64 after)
{
    pqxx::nontransaction work(m_pq->connection);
    std::vector<OrderChange> out;
    for (const auto &row : work.exec_prepared("order_after", after))
        out.push_back({row[0].as<qint64>(), qstr(row[1]), qstr(row[2])});
    return out;
}

qint64 SeatmapListener::lastOrderSeq()
{
    pqxx::nontransaction work(m_pq->connection);
    return work.exec("SELECT coalesce(max(seq), 0) FROM order_log")[0][0].as<qint64>();
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
