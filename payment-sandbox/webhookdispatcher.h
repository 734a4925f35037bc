// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QNetworkAccessManager>
#include <QObject>
#include <QStringList>
#include <QUrl>

#include <functional>

namespace boxoffice::sandbox {

class SandboxStore;

/// How subsequent webhooks are delivered (set through /control/delivery_mode).
enum class DeliveryMode { Normal, Duplicate, Delay, Reorder, Drop };

/// Webhook delivery settings from the command line.
struct DispatcherConfig
{
    QUrl url;
    QByteArray secret;
    int maxAttempts = 8;
    int retryBaseMs = 1000; ///< first retry delay; doubles each attempt
    int retryMaxMs = 60000;
    int timeoutMs = 10000; ///< per attempt
};

/// Signs and POSTs events to the webhook URL, retrying with exponential backoff; the event id
/// and body never change between attempts, only the signature timestamp does.
class WebhookDispatcher : public QObject
{
    Q_OBJECT

public:
    WebhookDispatcher(SandboxStore *store, DispatcherConfig config, QObject *parent = nullptr);

    /// Sets the mode for events submitted from now on; leaving reorder releases held events.
    void setMode(DeliveryMode mode, int delayMs);
    DeliveryMode mode() const { return m_mode; }
    /// Where webhooks go from now on (a test starts the sandbox before the server it calls).
    void setUrl(const QUrl &url) { m_config.url = url; }
    QUrl url() const { return m_config.url; }
    int delayMs() const { return m_delayMs; }

    /// Delivers a newly created event according to the current mode.
    void submit(const QString &eventId);
    /// Delivers an event again now, whatever the mode (it keeps its id and body).
    void redeliver(const QString &eventId);
    /// After a restart: delivers events that were pending or held.
    void resumePending();

    static bool parseMode(const QString &name, DeliveryMode *mode);
    static QString modeName(DeliveryMode mode);

private:
    void startJob(const QString &eventId, std::function<void()> afterFirstAttempt = {});
    void attempt(const QString &eventId, int attemptNumber, std::function<void()> afterAttempt);
    void release(const QStringList &eventIds);

    SandboxStore *m_store;
    DispatcherConfig m_config;
    QNetworkAccessManager m_network;
    DeliveryMode m_mode = DeliveryMode::Normal;
    int m_delayMs = 0;
    QStringList m_held; // reorder mode: waiting for a partner
};

} // namespace boxoffice::sandbox
