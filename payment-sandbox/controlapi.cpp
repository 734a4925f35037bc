// SPDX-License-Identifier: GPL-3.0-or-later
#include "controlapi.h"

#include "sandboxapi.h"
#include "sandboxhttp.h"
#include "sandboxstore.h"
#include "webhookdispatcher.h"

#include <QHttpServer>
#include <QJsonArray>

namespace boxoffice::sandbox {

namespace {
constexpr qint64 kMaxDelayMs = 600'000;
constexpr qint64 kMaxFailures = 1000;
} // namespace

ControlApi::ControlApi(SandboxStore *store,
                       WebhookDispatcher *dispatcher,
                       SandboxApi *api,
                       QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_dispatcher(dispatcher)
    , m_api(api)
{}

void ControlApi::registerRoutes(QHttpServer &server)
{
    using Method = QHttpServerRequest::Method;
    server.route(QStringLiteral("/control/delivery_mode"),
                 Method::Post,
                 [this](const QHttpServerRequest &request) { return setDeliveryMode(request); });
    server.route(QStringLiteral("/control/delivery_mode"), Method::Get, [this] {
        return deliveryMode();
    });
    server.route(QStringLiteral("/control/redeliver/<arg>"),
                 Method::Post,
                 [this](const QString &eventId) { return redeliver(eventId); });
    server.route(QStringLiteral("/control/events"), Method::Get, [this] { return events(); });
    server.route(QStringLiteral("/control/fail_next_requests"),
                 Method::Post,
                 [this](const QHttpServerRequest &request) { return failNextRequests(request); });
    server.route(QStringLiteral("/control/webhook_url"),
                 Method::Post,
                 [this](const QHttpServerRequest &request) { return setWebhookUrl(request); });
}

QHttpServerResponse ControlApi::setDeliveryMode(const QHttpServerRequest &request)
{
    std::optional<QHttpServerResponse> error;
    const auto body = jsonBody(request, &error);
    if (!body)
        return std::move(*error);
    DeliveryMode mode = DeliveryMode::Normal;
    if (!WebhookDispatcher::parseMode(body->value(QStringLiteral("mode")).toString(), &mode))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("mode must be normal|duplicate|delay|reorder|drop"));
    const QJsonValue delayValue = body->value(QStringLiteral("delay_ms"));
    const auto delay = wholeNumber(delayValue, kMaxDelayMs);
    if (mode == DeliveryMode::Delay && !delay)
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("delay mode needs delay_ms between 1 and 600000"));
    m_dispatcher->setMode(mode, static_cast<int>(delay.value_or(0)));
    return deliveryMode();
}

QHttpServerResponse ControlApi::deliveryMode() const
{
    return jsonResponse(200,
                        {{QStringLiteral("mode"), WebhookDispatcher::modeName(m_dispatcher->mode())},
                         {QStringLiteral("delay_ms"), m_dispatcher->delayMs()}});
}

QHttpServerResponse ControlApi::redeliver(const QString &eventId)
{
    if (!m_store->findEvent(eventId))
        return errorResponse(404, QStringLiteral("not_found"), QStringLiteral("no such event"));
    m_dispatcher->redeliver(eventId);
    return jsonResponse(202, {{QStringLiteral("id"), eventId}});
}

QHttpServerResponse ControlApi::events() const
{
    QJsonArray list;
    for (const EventRecord &event : m_store->events())
        list.append(SandboxStore::eventJson(event));
    return jsonResponse(200, {{QStringLiteral("events"), list}});
}

QHttpServerResponse ControlApi::failNextRequests(const QHttpServerRequest &request)
{
    std::optional<QHttpServerResponse> error;
    const auto body = jsonBody(request, &error);
    if (!body)
        return std::move(*error);
    const QJsonValue countValue = body->value(QStringLiteral("count"));
    const auto count = wholeNumber(countValue, kMaxFailures);
    if (!count)
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("count must be an integer between 1 and 1000"));
    m_api->failNextRequests(static_cast<int>(*count));
    return jsonResponse(200, {{QStringLiteral("count"), *count}});
}

// A test starts the sandbox on a port of its own choosing (port 0: no race for a probed port),
// then the server that is told where the sandbox is, then says where the server is.
QHttpServerResponse ControlApi::setWebhookUrl(const QHttpServerRequest &request)
{
    std::optional<QHttpServerResponse> error;
    const auto body = jsonBody(request, &error);
    if (!body)
        return std::move(*error);
    const QUrl url(body->value(QStringLiteral("url")).toString(), QUrl::StrictMode);
    if (!url.isValid() || url.isRelative() || url.host().isEmpty()
        || (url.scheme() != u"http" && url.scheme() != u"https"))
        return errorResponse(400,
                             QStringLiteral("bad_request"),
                             QStringLiteral("url must be an absolute http or https URL"));
    m_dispatcher->setUrl(url);
    return jsonResponse(200, {{QStringLiteral("url"), url.toString()}});
}

} // namespace boxoffice::sandbox
