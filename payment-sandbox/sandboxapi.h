// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QObject>

#include <functional>
#include <optional>
#include <utility>

class QHttpServer;
class QHttpServerResponder;

namespace boxoffice::sandbox {

class SandboxStore;
class WebhookDispatcher;
struct IntentRecord;

/// Timing and credentials of the provider API.
struct ApiConfig
{
    QByteArray apiKey;
    int slowMs = 3000;  ///< how long the slow and timeout cards stay processing
    int hangMs = 10000; ///< how long the timeout card's confirm hangs before its 504
};

/// The provider API under /v1: payment intents, confirmation with test cards, refunds.
class SandboxApi : public QObject
{
    Q_OBJECT

public:
    SandboxApi(SandboxStore *store,
               WebhookDispatcher *dispatcher,
               ApiConfig config,
               QObject *parent = nullptr);

    /// Registers the /v1 routes.
    void registerRoutes(QHttpServer &server);
    /// After a restart: intents left processing reach their outcome again.
    void resumeProcessing();
    /// The next `count` /v1 requests are answered 500 before doing anything.
    void failNextRequests(int count) { m_failNext = count; }

    /// What a confirmation did to the intent.
    enum class Confirmation {
        Succeeded,  ///< paid now
        Processing, ///< the slow and timeout cards: paid after --slow-ms
        Declined,
    };
    /// Confirms intent `id` with a well-formed `card` as POST .../confirm does (the same
    /// states and webhooks); the intent must be in requires_confirmation.
    Confirmation confirmWithCard(const QString &id, const QString &card);
    /// True when `secret` is intent `id`'s client secret (compared in constant time).
    bool hasClientSecret(const QString &id, const QString &secret) const;

private:
    using Answer = std::pair<int, QJsonObject>;

    std::optional<QHttpServerResponse> guard(const QHttpServerRequest &request, bool requireKey);
    /// guard(), then the request's JSON body; nullopt, with `refused` set, when either says no.
    std::optional<QJsonObject> guardedBody(const QHttpServerRequest &request,
                                           bool requireKey,
                                           std::optional<QHttpServerResponse> *refused);
    bool hasApiKey(const QHttpServerRequest &request) const;
    QHttpServerResponse idempotent(const QString &scope,
                                   const QHttpServerRequest &request,
                                   const QJsonObject &body,
                                   const std::function<Answer()> &produce);

    QHttpServerResponse createIntent(const QHttpServerRequest &request);
    QHttpServerResponse getIntent(const QString &id, const QHttpServerRequest &request);
    /// POST /v1/payment_intents/{id}/cancel: nobody can confirm it any more.
    QHttpServerResponse cancelIntent(const QString &id, const QHttpServerRequest &request);
    void confirm(const QString &id,
                 const QHttpServerRequest &request,
                 QHttpServerResponder &&responder);
    QHttpServerResponse confirmNow(const QString &id, const QHttpServerRequest &request, bool *hang);
    QHttpServerResponse createRefund(const QHttpServerRequest &request);
    QHttpServerResponse getRefund(const QString &id, const QHttpServerRequest &request);

    void finishProcessing(const QString &intentId);
    void emitIntentEvent(const IntentRecord &intent);

    SandboxStore *m_store;
    WebhookDispatcher *m_dispatcher;
    ApiConfig m_config;
    int m_failNext = 0;
};

} // namespace boxoffice::sandbox
