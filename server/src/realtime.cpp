#include "realtime.h"

#include "http/apiserver.h"
#include "http/catalogcontroller.h"
#include "http/services.h"
#include "metrics/registry.h"

#include <QWebSocket>

namespace boxoffice::server {

Realtime::Realtime(http::ApiServer &api,
                   http::Services &services,
                   const std::string &databaseUrl,
                   const RealtimeConfig &config)
    : m_search(services.database)
    , m_seatmaps(services.database)
    , m_feed(databaseUrl)
    , m_hub(services, m_feed, config.ws)
{
    metrics::registerStandardSeries();
    services.seatmaps = &m_seatmaps;
    http::CatalogController::registerRoutes(api, services, m_search);
    api.routeWebSocket(QStringLiteral("/ws"), [this](QWebSocket *socket) { m_hub.accept(socket); });
    m_feed.start();
    if (config.relayEnabled) {
        m_relay = std::make_unique<outbox::OutboxRelay>(databaseUrl, config.relay);
        m_relay->start();
    }
}

Realtime::~Realtime()
{
    stop();
}

void Realtime::stop()
{
    m_hub.closeAll();
    if (m_relay)
        m_relay->stop();
    m_feed.stop();
}

} // namespace boxoffice::server
