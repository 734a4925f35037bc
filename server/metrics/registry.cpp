// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry.h"

#include <QMutexLocker>

#include <cmath>

namespace boxoffice::server::metrics {

namespace {

void atomicAdd(std::atomic<double> &target, double value)
{
    double current = target.load(std::memory_order_relaxed);
    while (!target.compare_exchange_weak(current, current + value, std::memory_order_relaxed)) {
    }
}

QByteArray number(double value)
{
    if (std::isinf(value))
        return value > 0 ? "+Inf" : "-Inf";
    if (std::isnan(value))
        return "NaN";
    return QByteArray::number(value, 'g', 15);
}

QByteArray series(const QString &name, const QString &labels, const QString &extra = {})
{
    QString all = labels;
    if (!extra.isEmpty())
        all = all.isEmpty() ? extra : all + u',' + extra;
    return (all.isEmpty() ? name : name + u'{' + all + u'}').toUtf8();
}

} // namespace

void Counter::add(double value)
{
    if (value > 0)
        atomicAdd(m_value, value);
}

void Gauge::add(double value)
{
    atomicAdd(m_value, value);
}

Histogram::Histogram(std::vector<double> bounds)
    : m_bounds(std::move(bounds))
    , m_counts(std::make_unique<std::atomic<quint64>[]>(m_bounds.size() + 1))
{}

void Histogram::observe(double value)
{
    size_t index = 0;
    while (index < m_bounds.size() && value > m_bounds[index])
        ++index;
    m_counts[index].fetch_add(1, std::memory_order_relaxed);
    m_count.fetch_add(1, std::memory_order_relaxed);
    atomicAdd(m_sum, value);
}

Registry &Registry::instance()
{
    static Registry registry;
    return registry;
}

std::vector<double> Registry::defaultBounds()
{
    return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};
}

Registry::Family &Registry::family(const QString &name, Type type, const QString &help)
{
    auto it = m_families.find(name);
    if (it == m_families.end())
        it = m_families.emplace(name, Family{type, help, {}, {}, {}, {}}).first;
    return it->second;
}

Counter &Registry::counter(const QString &name, const QString &help, const QString &labels)
{
    QMutexLocker lock(&m_mutex);
    auto &slot = family(name, Type::Counter, help).counters[labels];
    if (!slot)
        slot = std::make_unique<Counter>();
    return *slot;
}

Gauge &Registry::gauge(const QString &name, const QString &help, const QString &labels)
{
    QMutexLocker lock(&m_mutex);
    auto &slot = family(name, Type::Gauge, help).gauges[labels];
    if (!slot)
        slot = std::make_unique<Gauge>();
    return *slot;
}

Histogram &Registry::histogram(const QString &name,
                               const QString &help,
                               const QString &labels,
                               std::vector<double> bounds)
{
    QMutexLocker lock(&m_mutex);
    auto &slot = family(name, Type::Histogram, help).histograms[labels];
    if (!slot)
        slot = std::make_unique<Histogram>(std::move(bounds));
    return *slot;
}

void Registry::callbackGauge(const QString &name, const QString &help, std::function<double()> read)
{
    QMutexLocker lock(&m_mutex);
    family(name, Type::Gauge, help).callback = std::move(read);
}

void Registry::addCollector(std::function<QByteArray()> collect)
{
    QMutexLocker lock(&m_mutex);
    m_collectors.push_back(std::move(collect));
}

QByteArray Registry::render() const
{
    QMutexLocker lock(&m_mutex);
    QByteArray out;
    for (const auto &[name, family] : m_families) {
        const QByteArray n = name.toUtf8();
        static const char *const kTypes[] = {"counter", "gauge", "histogram"};
        out += "# HELP " + n + ' ' + family.help.toUtf8() + '\n';
        out += "# TYPE " + n + ' ' + kTypes[int(family.type)] + '\n';
        for (const auto &[labels, counter] : family.counters)
            out += series(name, labels) + ' ' + number(counter->value()) + '\n';
        for (const auto &[labels, gauge] : family.gauges)
            out += series(name, labels) + ' ' + number(gauge->value()) + '\n';
        if (family.callback)
            out += n + ' ' + number(family.callback()) + '\n';
        for (const auto &[labels, histogram] : family.histograms) {
            quint64 cumulative = 0;
            const auto &bounds = histogram->bounds();
            for (size_t i = 0; i <= bounds.size(); ++i) {
                cumulative += histogram->bucket(i);
                const QString le = i < bounds.size() ? QString::fromLatin1(number(bounds[i]))
                                                     : QStringLiteral("+Inf");
                out += series(name + u"_bucket", labels, u"le=\"" + le + u'"') + ' '
                       + QByteArray::number(cumulative) + '\n';
            }
            out += series(name + u"_sum", labels) + ' ' + number(histogram->sum()) + '\n';
            out += series(name + u"_count", labels) + ' ' + QByteArray::number(histogram->count())
                   + '\n';
        }
    }
    for (const auto &collect : m_collectors)
        out += collect();
    return out;
}

void registerStandardSeries()
{
    auto &r = Registry::instance();
    // boxoffice_hold_requests_total{result} and boxoffice_hold_conflicts_total come from
    // HoldService's own counts (a collector registered by the serve command).
    r.histogram(QStringLiteral("boxoffice_queue_wait_seconds"),
                QStringLiteral("Time from joining the queue to admission."),
                {},
                {1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600});
    r.histogram(QStringLiteral("boxoffice_checkout_seconds"),
                QStringLiteral("Time from hold to paid order."),
                {},
                {5, 15, 30, 60, 120, 300, 600, 1200});
    r.counter(QStringLiteral("boxoffice_payments_unmatched_total"),
              QStringLiteral("Provider payments that matched no confirmable order."));
    r.gauge(QStringLiteral("boxoffice_compensations_pending"),
            QStringLiteral("Refunds owed and not yet done."));
    r.gauge(QStringLiteral("boxoffice_outbox_lag_seconds"),
            QStringLiteral("Age of the oldest unpublished outbox row (relay leader only)."));
    r.gauge(QStringLiteral("boxoffice_projection_lag_seconds"),
            QStringLiteral("Age of the oldest outbox row not yet in the search projection."));
    r.gauge(QStringLiteral("boxoffice_ws_connections"),
            QStringLiteral("Open WebSocket connections."));
    r.gauge(QStringLiteral("boxoffice_ws_queued_bytes"),
            QStringLiteral("Bytes queued for WebSocket clients, all connections."));
    r.gauge(QStringLiteral("boxoffice_ws_max_queued_bytes"),
            QStringLiteral("Largest per-connection send queue seen since start."));
    r.counter(QStringLiteral("boxoffice_ws_backlog_dropped_total"),
              QStringLiteral(
                  "Times a slow client's backlog was dropped for a snapshot-on-resume."));
    r.counter(QStringLiteral("boxoffice_seatmap_deltas_published_total"),
              QStringLiteral("Seat-map log versions written by the relay."));
    r.gauge(QStringLiteral("boxoffice_relay_leader"),
            QStringLiteral("1 while this instance is the outbox relay leader."));
    r.histogram(QStringLiteral("boxoffice_http_request_duration_seconds"),
                QStringLiteral("HTTP request handling time."));
}

} // namespace boxoffice::server::metrics
