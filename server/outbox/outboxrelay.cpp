// SPDX-License-Identifier: GPL-3.0-or-later
#include "outboxrelay.h"

#include "db/relaystore.h"
#include "db/searchrepository.h"
#include "metrics/registry.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <chrono>

namespace boxoffice::server::outbox {

Q_LOGGING_CATEGORY(lcRelay, "boxoffice.outbox")

OutboxRelay::OutboxRelay(std::string url, RelayOptions options)
    : m_url(std::move(url))
    , m_options(options)
{}

OutboxRelay::~OutboxRelay()
{
    stop();
}

void OutboxRelay::start()
{
    m_stop = false;
    m_thread = std::thread([this] { run(); });
}

void OutboxRelay::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

namespace {

void sleepFor(int ms, const std::atomic_bool &stop)
{
    for (int slept = 0; slept < ms && !stop; slept += 10)
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(10, ms - slept)));
}

} // namespace

void OutboxRelay::run()
{
    auto &registry = metrics::Registry::instance();
    auto &leaderGauge = registry.gauge(QStringLiteral("boxoffice_relay_leader"), {});
    auto &outboxLag = registry.gauge(QStringLiteral("boxoffice_outbox_lag_seconds"), {});
    auto &projectionLag = registry.gauge(QStringLiteral("boxoffice_projection_lag_seconds"), {});
    auto &published = registry.counter(QStringLiteral("boxoffice_seatmap_deltas_published_total"),
                                       {});
    // A slow batch delays every seat change behind it: the database (locks, commits) at work.
    auto &batchSeconds = registry.histogram(
        QStringLiteral("boxoffice_relay_batch_seconds"),
        QStringLiteral("Time of one outbox relay transaction (seat-map deltas published)."),
        {},
        {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5});
    while (!m_stop) {
        try {
            db::RelayStore store(m_url);
            db::SearchProjector search(m_url);
            QElapsedTimer housekeeping;
            housekeeping.start();
            bool first = true;
            while (!m_stop) {
                if (!m_leader) {
                    if (!store.tryLead()) {
                        sleepFor(500, m_stop);
                        continue;
                    }
                    m_leader = true;
                    leaderGauge.set(1);
                    qCInfo(lcRelay) << "this instance now leads the outbox relay";
                }
                QElapsedTimer took;
                took.start();
                const auto versions = store.relayBatch(m_options.batch);
                batchSeconds.observe(double(took.nsecsElapsed()) / 1e9);
                published.add(double(versions.size()));
                const int projected = search.projectBatch(m_options.batch);
                if (first || housekeeping.elapsed() > 1000) {
                    first = false;
                    housekeeping.restart();
                    outboxLag.set(store.lagSeconds());
                    projectionLag.set(search.lagSeconds());
                    store.prune(m_options.logRetentionSeconds);
                }
                // Under load a batch collects what arrived during the pause: tens of holds per
                // relay transaction instead of a few, for at most pollMs more delta latency. A
                // full batch means a backlog: go on at once.
                if (store.lastBatchRows() < m_options.batch && projected < m_options.batch)
                    sleepFor(m_options.pollMs, m_stop);
            }
        } catch (const std::exception &error) {
            qCWarning(lcRelay) << "relay connection lost:" << error.what();
            sleepFor(500, m_stop);
        }
        if (m_leader.exchange(false))
            leaderGauge.set(0);
    }
}

} // namespace boxoffice::server::outbox
