// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTimer>

#include <atomic>
#include <functional>

namespace boxoffice::server {

/// Work `serve` runs every few seconds (the sweeper, the admitter, the reconciler, the mailer):
/// on the global pool so buyers' workers stay free, one run at a time (a tick that finds the
/// previous run still going is skipped), and a failed run is logged, not fatal.
class PeriodicJob
{
public:
    PeriodicJob(QString name, std::function<void()> work);
    ~PeriodicJob();

    void start(int intervalMs);
    void stop();

private:
    QString m_name;
    std::function<void()> m_work;
    std::atomic_bool m_running = false;
    QTimer m_timer;
};

} // namespace boxoffice::server
