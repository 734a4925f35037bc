// SPDX-License-Identifier: GPL-3.0-or-later
#include "realtime.h"

#include "domain/holdservice.h"
#include "domain/seatmapcache.h"
#include "http/apiserver.h"
#include "http/authenticator.h"
#include "http/catalogcontroller.h"
#include "http/services.h"
#include "metrics/registry.h"

#include <QWebSocket>

namespace boxoffice::server {

Realtime::Realtime(http::ApiServer &api,
                   http::Services &services,
                   const std::string &databaseUrl,
                   const RealtimeConfig &config)
    : m_search(services.readDatabase)
    , m_seatmaps(services.seatmaps)
    , m_feed(databaseUrl)
    , m_hub({.database = services.database,
             .seatmaps = services.seatmaps,
             .tokens = services.authenticator.tokens(),
             .sales = services.sales},
            m_feed,
            config.ws)
{
    metrics::registerStandardSeries();
    metrics::Registry::instance().addCollector([&services] {
        QByteArray text = "# HELP boxoffice_hold_requests_total Hold requests by result.\n"
                          "# TYPE boxoffice_hold_requests_total counter\n";
        quint64 conflicts = 0;
        for (const auto &[result, count] : services.holds.results()) {
            // Result names are our own error codes (lower-case identifiers): safe as labels.
            text += "boxoffice_hold_requests_total{result=\"";
            text += result.toLatin1();
            text += "\"} ";
            text += QByteArray::number(count);
            text += '\n';
            if (result == u"seat_unavailable")
                conflicts = count;
        }
        text += "# HELP boxoffice_hold_conflicts_total Hold requests refused because seats were "
                "taken.\n# TYPE boxoffice_hold_conflicts_total counter\n"
                "boxoffice_hold_conflicts_total ";
        text += QByteArray::number(conflicts);
        text += '\n';
        return text;
    });
    http::CatalogController::registerRoutes(api, services, m_search);
    api.routeWebSocket(QStringLiteral("/ws"), [this](QWebSocket *socket) { m_hub.accept(socket); });
    m_feed.start();
    m_warming = std::thread([this] {
        try {
            m_seatmaps.warm(8, m_stopWarming);
        } catch (const std::exception &error) {
            qWarning() << "seat-map warm-up stopped:" << error.what(); // readers build on demand
        } catch (...) {
            qWarning() << "seat-map warm-up stopped";
        }
    });
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
    m_stopWarming = true;
    if (m_warming.joinable())
        m_warming.join();
    m_hub.closeAll();
    if (m_relay)
        m_relay->stop();
    m_feed.stop();
}

} // namespace boxoffice::server
