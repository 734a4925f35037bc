// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QObject>

class QHttpServer;

namespace boxoffice::sandbox {

class SandboxApi;
class SandboxStore;
class WebhookDispatcher;

/// Test-only endpoints under /control (registered only with --enable-control): delivery modes,
/// redelivery, the event log, injected 500s and the webhook URL.
class ControlApi : public QObject
{
    Q_OBJECT

public:
    ControlApi(SandboxStore *store,
               WebhookDispatcher *dispatcher,
               SandboxApi *api,
               QObject *parent = nullptr);

    void registerRoutes(QHttpServer &server);

private:
    QHttpServerResponse setDeliveryMode(const QHttpServerRequest &request);
    QHttpServerResponse deliveryMode() const;
    QHttpServerResponse redeliver(const QString &eventId);
    QHttpServerResponse events() const;
    QHttpServerResponse failNextRequests(const QHttpServerRequest &request);
    QHttpServerResponse setWebhookUrl(const QHttpServerRequest &request);

    SandboxStore *m_store;
    WebhookDispatcher *m_dispatcher;
    SandboxApi *m_api;
};

} // namespace boxoffice::sandbox
