// SPDX-License-Identifier: GPL-3.0-or-later
#include "webhookdispatcher.h"

#include "sandboxstore.h"

#include <payments/webhooksignature.h>

#include <QDateTime>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <algorithm>
#include <array>
#include <utility>

namespace boxoffice::sandbox {

namespace {
struct ModeName
{
    DeliveryMode mode;
    const char *name;
};
constexpr std::array kModeNames{ModeName{DeliveryMode::Normal, "normal"},
                                ModeName{DeliveryMode::Duplicate, "duplicate"},
                                ModeName{DeliveryMode::Delay, "delay"},
                                ModeName{DeliveryMode::Reorder, "reorder"},
                                ModeName{DeliveryMode::Drop, "drop"}};
} // namespace

WebhookDispatcher::WebhookDispatcher(SandboxStore *store, DispatcherConfig config, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_config(std::move(config))
{
    m_network.setProxy(QNetworkProxy::NoProxy);
}

bool WebhookDispatcher::parseMode(const QString &name, DeliveryMode *mode)
{
    for (const auto &entry : kModeNames) {
        if (name == QLatin1String(entry.name)) {
            *mode = entry.mode;
            return true;
        }
    }
    return false;
}

QString WebhookDispatcher::modeName(DeliveryMode mode)
{
    for (const auto &entry : kModeNames) {
        if (entry.mode == mode)
            return QString::fromLatin1(entry.name);
    }
    return {};
}

void WebhookDispatcher::setMode(DeliveryMode mode, int delayMs)
{
    m_mode = mode;
    m_delayMs = delayMs;
    if (mode != DeliveryMode::Reorder && !m_held.isEmpty())
        release(std::exchange(m_held, {}));
}

void WebhookDispatcher::submit(const QString &eventId)
{
    if (!m_store->findEvent(eventId))
        return;
    EventRecord *event = m_store->event(eventId);
    if (!event)
        return;
    switch (m_mode) {
    case DeliveryMode::Normal:
        startJob(eventId);
        break;
    case DeliveryMode::Duplicate:
        startJob(eventId);
        startJob(eventId);
        break;
    case DeliveryMode::Delay:
        QTimer::singleShot(m_delayMs, this, [this, eventId] { startJob(eventId); });
        break;
    case DeliveryMode::Reorder:
        event->status = QStringLiteral("held");
        m_held.append(eventId);
        if (m_held.size() >= 2) {
            QStringList batch = std::exchange(m_held, {});
            std::reverse(batch.begin(), batch.end());
            release(batch);
        }
        break;
    case DeliveryMode::Drop:
        event->status = QStringLiteral("dropped");
        break;
    }
    m_store->save();
}

void WebhookDispatcher::release(const QStringList &eventIds)
{
    // One after the other: the next starts once the previous got its first answer, so the
    // receiver sees exactly this order.
    std::function<void()> chain;
    for (auto it = eventIds.crbegin(); it != eventIds.crend(); ++it) {
        const QString eventId = *it;
        chain = [this, eventId, next = std::move(chain)] { startJob(eventId, next); };
    }
    if (chain)
        chain();
}

void WebhookDispatcher::redeliver(const QString &eventId)
{
    startJob(eventId);
}

void WebhookDispatcher::resumePending()
{
    for (const EventRecord &event : m_store->events()) {
        if (event.status == QLatin1String("pending") || event.status == QLatin1String("held"))
            startJob(event.id);
    }
}

void WebhookDispatcher::startJob(const QString &eventId, std::function<void()> afterFirstAttempt)
{
    EventRecord *event = m_store->event(eventId);
    if (!event) {
        if (afterFirstAttempt) // keep a reorder chain going
            afterFirstAttempt();
        return;
    }
    if (event->status != QLatin1String("delivered"))
        event->status = QStringLiteral("pending");
    attempt(eventId, 1, std::move(afterFirstAttempt));
}

void WebhookDispatcher::attempt(const QString &eventId,
                                int attemptNumber,
                                std::function<void()> afterAttempt)
{
    const EventRecord *event = m_store->findEvent(eventId);
    if (!event)
        return;
    QNetworkRequest request(m_config.url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Payment-Signature",
                         server::payments::webhookSignatureHeader(m_config.secret,
                                                                  QDateTime::currentSecsSinceEpoch(),
                                                                  event->body));
    request.setRawHeader("Payment-Event-Id", event->id.toUtf8());
    request.setTransferTimeout(m_config.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    QNetworkReply *reply = m_network.post(request, event->body);

    connect(reply, &QNetworkReply::finished, this, [=, this] {
        reply->deleteLater();
        EventRecord *current = m_store->event(eventId);
        if (!current)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        ++current->attempts;
        current->lastHttpStatus = status;
        const bool delivered = status >= 200 && status < 300;
        if (delivered) {
            ++current->deliveries;
            current->status = QStringLiteral("delivered");
            current->lastError.clear();
        } else {
            current->lastError = status ? QStringLiteral("HTTP %1").arg(status)
                                        : reply->errorString();
            if (attemptNumber >= m_config.maxAttempts) {
                if (current->status != QLatin1String("delivered"))
                    current->status = QStringLiteral("failed");
            } else {
                const qint64 backoff = std::min<qint64>(qint64(m_config.retryBaseMs)
                                                            << std::min(attemptNumber - 1, 20),
                                                        m_config.retryMaxMs);
                QTimer::singleShot(backoff, this, [this, eventId, attemptNumber] {
                    attempt(eventId, attemptNumber + 1, {});
                });
            }
        }
        m_store->save();
        if (afterAttempt)
            afterAttempt();
    });
}

} // namespace boxoffice::sandbox
