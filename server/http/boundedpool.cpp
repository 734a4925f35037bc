// SPDX-License-Identifier: GPL-3.0-or-later
#include "boundedpool.h"

#include <QThread>

namespace boxoffice::server::http {

BoundedPool::BoundedPool(const QString &name, int threads, int maxQueued)
    : m_maxQueued(std::max(1, maxQueued))
{
    m_pool.setMaxThreadCount(std::max(1, threads));
    m_pool.setObjectName(name);
}

BoundedPool::~BoundedPool()
{
    m_pool.waitForDone();
}

bool BoundedPool::tryStart(std::function<void()> job)
{
    if (m_inFlight.fetch_add(1) >= m_maxQueued) {
        m_inFlight.fetch_sub(1);
        m_refused.fetch_add(1);
        return false;
    }
    m_pool.start([this, job = std::move(job)] {
        job();
        m_inFlight.fetch_sub(1);
    });
    return true;
}

std::pair<int, int> BoundedPool::passwordPoolSize()
{
    bool ok = false;
    int threads = qEnvironmentVariableIntValue("BOXOFFICE_LOGIN_THREADS", &ok);
    if (!ok || threads < 1)
        threads = std::max(1, QThread::idealThreadCount() / 2);
    int queued = qEnvironmentVariableIntValue("BOXOFFICE_LOGIN_QUEUE", &ok);
    if (!ok || queued < 1)
        queued = 32;
    return {threads, queued};
}

} // namespace boxoffice::server::http
