// SPDX-License-Identifier: GPL-3.0-or-later
#include "periodicjob.h"

#include "servelog.h"

#include <QThreadPool>

#include <exception>

namespace boxoffice::server {

PeriodicJob::PeriodicJob(QString name, std::function<void()> work)
    : m_name(std::move(name))
    , m_work(std::move(work))
{
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
        if (m_running.exchange(true))
            return;
        QThreadPool::globalInstance()->start([this] {
            try {
                m_work();
            } catch (const std::exception &e) {
                qCWarning(lcServe).noquote() << m_name + u':' << e.what();
            }
            m_running = false;
        });
    });
}

PeriodicJob::~PeriodicJob()
{
    stop();
}

void PeriodicJob::start(int intervalMs)
{
    m_timer.start(intervalMs);
}

void PeriodicJob::stop()
{
    m_timer.stop();
}

} // namespace boxoffice::server
