// SPDX-License-Identifier: GPL-3.0-or-later
#include "queuewatch.h"

#include "api/queuecodec.h"
#include "api/saleops.h"
#include "domain/seatmapchanges.h"

#include <QJsonDocument>
#include <QtConcurrent>

#include <optional>

namespace boxoffice::server::ws {

using domain::ErrorCode;
using domain::QueuePlace;
using domain::Result;

QueueWatch::QueueWatch(QObject *context,
                       const WsServices &services,
                       std::function<void(const QString &)> push)
    : m_context(context)
    , m_services(services)
    , m_push(std::move(push))
{
    m_clock.start();
}

void QueueWatch::watch(const QString &eventId, const QJsonObject &place)
{
    if (place.value(u"state").toString() != u"waiting") {
        m_watched.remove(eventId); // admitted or expired: nothing more to push
        return;
    }
    Watched &watched = m_watched[eventId];
    watched.queueId = place.value(u"queue_id").toString();
    watched.last = place;
    watched.dueMs = m_clock.elapsed() + 1000 * std::max(1, place.value(u"retry_after").toInt(1));
}

void QueueWatch::poll(const domain::Principal &caller)
{
    const qint64 now = m_clock.elapsed();
    for (auto it = m_watched.begin(); it != m_watched.end(); ++it) {
        if (it->polling || now < it->dueMs)
            continue;
        it->polling = true;
        // The serve command's SaleOps, never this watch's copy of the references: the session
        // may be gone before the poll is done.
        const api::SaleOps *sales = &m_services.sales;
        const QString eventId = it.key();
        const QString queueId = it->queueId;
        QtConcurrent::run(domain::databaseWorkers(m_services.database),
                          [sales, caller, eventId, queueId]() -> std::optional<Result<QueuePlace>> {
                              try {
                                  return sales->queueStatus(caller, eventId, queueId);
                              } catch (const domain::Error &error) {
                                  return Result<QueuePlace>(error);
                              } catch (const std::exception &) {
                                  return std::nullopt; // as unavailable: polled again later
                              }
                          })
            .then(m_context, [this, eventId](const std::optional<Result<QueuePlace>> &answer) {
                auto found = m_watched.find(eventId);
                if (found == m_watched.end())
                    return;
                found->polling = false;
                if (answer && !*answer && answer->error().code() == ErrorCode::NotFound) {
                    m_watched.erase(found);
                    return;
                }
                if (!answer || !*answer) { // Redis away: try again in a while
                    found->dueMs = m_clock.elapsed() + 2000;
                    return;
                }
                const QJsonObject place = api::queuePlaceJson(**answer);
                if (place.value(u"state") != found->last.value(u"state")
                    || place.value(u"position") != found->last.value(u"position")) {
                    QJsonObject frame = place;
                    frame.insert(QStringLiteral("type"), QStringLiteral("queue.update"));
                    m_push(QString::fromUtf8(QJsonDocument(frame).toJson(QJsonDocument::Compact)));
                }
                watch(eventId, place);
            });
    }
}

} // namespace boxoffice::server::ws
