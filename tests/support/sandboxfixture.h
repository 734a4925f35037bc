// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "childprocess.h"
#include <QByteArray>
#include <QHttpServer>
#include <QJsonObject>
#include <QList>

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace boxoffice::test {

/// One webhook POST as the test receiver saw it.
struct WebhookArrival
{
    QByteArray signature;
    QByteArray body;
    QString eventId;
    qint64 receivedAtMs = 0;
};

/// An in-test webhook receiver (QHttpServer) that records every POST and can answer 500.
class WebhookReceiver
{
public:
    WebhookReceiver();
    quint16 port() const { return m_port; }
    QUrl url() const;

    QList<WebhookArrival> arrivals;
    int failNext = 0; ///< answer this many deliveries with 500

private:
    QHttpServer m_server;
    quint16 m_port = 0;
};

/// A JSON answer from the sandbox.
struct SandboxReply
{
    int status = 0;
    QJsonObject json;
    QByteArray body;
};

/// Runs the real payment-sandbox process against a WebhookReceiver.
class SandboxProcess
{
public:
    static constexpr const char *kApiKey = "sk_test_fixture";
    static constexpr const char *kSecret = "whsec_fixture";

    /// Starts the sandbox; `extraArgs` are appended to the fast test defaults.
    bool start(const QUrl &webhookUrl, const QString &stateFile, const QStringList &extraArgs = {});
    void stop();
    ~SandboxProcess() { stop(); }

    QUrl baseUrl() const { return m_baseUrl; }
    bool isRunning() const;

    /// A blocking request (spins a local event loop, so in-test servers keep working).
    SandboxReply request(const QByteArray &method,
                         const QString &path,
                         const QByteArray &body = {},
                         const QList<QPair<QByteArray, QByteArray>> &headers = {},
                         bool withKey = true) const;
    SandboxReply post(const QString &path,
                      const QJsonObject &body,
                      const QByteArray &key = {}) const;
    /// Creates an intent and returns its id (empty on failure).
    QString createIntent(qint64 amountCents,
                         const QString &orderId = QStringLiteral("order-1")) const;
    bool setMode(const QString &mode, int delayMs = 0) const;

private:
    std::unique_ptr<QProcess> m_process;
    QUrl m_baseUrl;
};

} // namespace boxoffice::test
