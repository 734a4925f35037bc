// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMutex>
#include <QString>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace boxoffice::server::metrics {

/// A monotonically increasing count.
class Counter
{
public:
    void add(double value = 1.0);
    double value() const { return m_value.load(std::memory_order_relaxed); }

private:
    std::atomic<double> m_value = 0.0;
};

/// A value that goes up and down (or is computed when scraped).
class Gauge
{
public:
    void set(double value) { m_value.store(value, std::memory_order_relaxed); }
    void add(double value);
    double value() const { return m_value.load(std::memory_order_relaxed); }

private:
    std::atomic<double> m_value = 0.0;
};

/// Cumulative buckets, sum and count, updated without locks.
class Histogram
{
public:
    explicit Histogram(std::vector<double> bounds);
    void observe(double value);
    const std::vector<double> &bounds() const { return m_bounds; }
    quint64 bucket(size_t index) const { return m_counts[index].load(std::memory_order_relaxed); }
    quint64 count() const { return m_count.load(std::memory_order_relaxed); }
    double sum() const { return m_sum.load(std::memory_order_relaxed); }

private:
    std::vector<double> m_bounds;
    std::unique_ptr<std::atomic<quint64>[]> m_counts; // one per bound (non-cumulative)
    std::atomic<quint64> m_count = 0;
    std::atomic<double> m_sum = 0.0;
};

/// The process-wide metrics, rendered in the Prometheus text format. Series are created on
/// first use and live as long as the process; lookups lock, updates are atomic.
class Registry
{
public:
    static Registry &instance();

    Counter &counter(const QString &name, const QString &help, const QString &labels = {});
    Gauge &gauge(const QString &name, const QString &help, const QString &labels = {});
    Histogram &histogram(const QString &name,
                         const QString &help,
                         const QString &labels = {},
                         std::vector<double> bounds = defaultBounds());
    /// A gauge computed at scrape time.
    void callbackGauge(const QString &name, const QString &help, std::function<double()> read);

    /// Text appended to every scrape (series kept elsewhere, in the exposition format).
    void addCollector(std::function<QByteArray()> collect);

    QByteArray render() const;
    static std::vector<double> defaultBounds();

private:
    enum class Type { Counter, Gauge, Histogram };
    struct Family
    {
        Type type;
        QString help;
        std::map<QString, std::unique_ptr<Counter>> counters;
        std::map<QString, std::unique_ptr<Gauge>> gauges;
        std::map<QString, std::unique_ptr<Histogram>> histograms;
        std::function<double()> callback;
    };
    Family &family(const QString &name, Type type, const QString &help);

    mutable QMutex m_mutex;
    std::map<QString, Family> m_families;
    std::vector<std::function<QByteArray()>> m_collectors;
};

/// The series of API.md "Operations", registered up front so a scrape always lists them.
void registerStandardSeries();

} // namespace boxoffice::server::metrics
