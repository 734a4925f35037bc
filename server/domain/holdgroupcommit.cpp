// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdgroupcommit.h"

#include <QLoggingCategory>
#include <QUuid>

#include <algorithm>
#include <chrono>

namespace boxoffice::server::domain {

using db::Database;
using db::HoldRepository;
using db::SeatHoldOutcome;

Q_LOGGING_CATEGORY(lcHoldBatch, "boxoffice.db.holds")

struct HoldGroupCommit::Request
{
    enum class State { Waiting, Taken, Decided, Alone };

    QString eventId;
    HoldRepository::SeatHoldRequest hold;
    State state = State::Waiting;
    SeatHoldOutcome outcome;
    std::condition_variable wake;
};

HoldGroupCommit::Options HoldGroupCommit::Options::fromEnvironment()
{
    Options options;
    const std::pair<const char *, int *> settings[]
        = {{"BOXOFFICE_HOLD_BATCHES", &options.concurrentBatches},
           {"BOXOFFICE_HOLD_BATCH_MAX", &options.maxBatch},
           {"BOXOFFICE_HOLD_GATHER_US", &options.gatherUs}};
    for (const auto &[name, value] : settings) {
        bool ok = false;
        const int parsed = qEnvironmentVariableIntValue(name, &ok);
        if (ok && parsed >= (value == &options.gatherUs ? 0 : 1))
            *value = parsed;
    }
    return options;
}

HoldGroupCommit::HoldGroupCommit(Database &database, Options options)
    : m_database(database)
    , m_options(options)
{
    m_clock.start();
}

SeatHoldOutcome HoldGroupCommit::holdSeats(const QString &eventId,
                                           const QString &owner,
                                           const QStringList &sortedSeats,
                                           bool admitted,
                                           const QString &holdId)
{
    Request request;
    request.eventId = eventId;
    request.hold = {owner,
                    sortedSeats,
                    admitted,
                    holdId.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : holdId};
    std::unique_lock locker(m_mutex);
    m_waiting.push_back(&request);
    const qint64 now = m_clock.nsecsElapsed();
    // In 64 bits: gatherUs * 1000 overflows an int beyond 2.1 s (UBSan in tst_holdbatch).
    const bool busy = now - m_lastArrivalNs < qint64(m_options.gatherUs) * 1000;
    m_lastArrivalNs = now;
    // A full batch need not wait out its leader's gathering time.
    if (Request *leader = m_gathering.value(eventId);
        leader && waitingFor(eventId) >= m_options.maxBatch)
        leader->wake.notify_one();
    for (;;) {
        if (request.state == Request::State::Decided)
            return request.outcome;
        if (request.state == Request::State::Alone)
            break;
        if (request.state == Request::State::Waiting && !m_gathering.contains(eventId)
            && m_running < m_options.concurrentBatches) {
            ++m_running;
            if (busy) {
                // Others came just before: more are on their way. Wait for them a moment (the
                // batch gets bigger) unless the batch is full already.
                m_gathering.insert(eventId, &request);
                const auto deadline = std::chrono::steady_clock::now()
                                      + std::chrono::microseconds(m_options.gatherUs);
                while (waitingFor(eventId) < m_options.maxBatch
                       && request.wake.wait_until(locker, deadline) != std::cv_status::timeout) {
                }
                m_gathering.remove(eventId);
            }
            const std::vector<Request *> batch = takeBatch(eventId);
            locker.unlock();
            auto outcomes = decide(batch);
            locker.lock();
            --m_running;
            // Under the lock: a request's thread returns (and its Request goes) only once it
            // sees its state changed, which is after this loop has let go of it.
            for (size_t i = 0; i < batch.size(); ++i) {
                if (outcomes) {
                    batch[i]->outcome = std::move((*outcomes)[i]);
                    batch[i]->state = Request::State::Decided;
                } else {
                    batch[i]->state = Request::State::Alone;
                }
                if (batch[i] != &request)
                    batch[i]->wake.notify_one();
            }
            // A slot is free: the oldest request that may lead takes it.
            const auto next = std::find_if(m_waiting.begin(), m_waiting.end(), [&](Request *r) {
                return !m_gathering.contains(r->eventId);
            });
            if (next != m_waiting.end())
                (*next)->wake.notify_one();
            continue;
        }
        request.wake.wait(locker);
    }
    locker.unlock();
    return HoldRepository::holdSeats(m_database, eventId, owner, sortedSeats, admitted, holdId);
}

int HoldGroupCommit::waitingFor(const QString &eventId) const
{
    return int(std::count_if(m_waiting.begin(), m_waiting.end(), [&](const Request *request) {
        return request->eventId == eventId;
    }));
}

std::vector<HoldGroupCommit::Request *> HoldGroupCommit::takeBatch(const QString &eventId)
{
    std::vector<Request *> batch;
    for (auto it = m_waiting.begin();
         it != m_waiting.end() && int(batch.size()) < m_options.maxBatch;) {
        if ((*it)->eventId == eventId) {
            (*it)->state = Request::State::Taken;
            batch.push_back(*it);
            it = m_waiting.erase(it);
        } else {
            ++it;
        }
    }
    return batch;
}

std::optional<std::vector<SeatHoldOutcome>> HoldGroupCommit::decide(
    const std::vector<Request *> &batch)
{
    if (batch.size() < 2)
        return std::nullopt; // its own thread runs hold_seats, as without batches
    std::vector<HoldRepository::SeatHoldRequest> holds;
    holds.reserve(batch.size());
    for (const Request *request : batch)
        holds.push_back(request->hold);
    m_batches.fetchAndAddRelaxed(1);
    try {
        return HoldRepository::holdSeatsBatch(m_database, batch.front()->eventId, holds);
    } catch (const std::exception &error) {
        // Nothing of the batch was kept (one transaction): each request goes alone.
        qCWarning(lcHoldBatch) << "hold batch of" << batch.size()
                               << "failed, deciding its requests one by one:" << error.what();
        return std::nullopt;
    }
}

} // namespace boxoffice::server::domain
