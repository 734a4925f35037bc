// SPDX-License-Identifier: GPL-3.0-or-later
#include "livesession.h"

#include <QJsonDocument>
#include <QUrlQuery>

#include <algorithm>

namespace boxoffice::client {

namespace {
QList<SeatStatusChange> changesOf(const QJsonArray &array)
{
    QList<SeatStatusChange> out;
    out.reserve(array.size());
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        out.append({o.value(u"id").toString(), o.value(u"status").toString()});
    }
    return out;
}
} // namespace

LiveSession::LiveSession(QObject *parent)
    : QObject(parent)
{
    m_reconnect.setSingleShot(true);
    connect(&m_reconnect, &QTimer::timeout, this, &LiveSession::connectSocket);
    connect(&m_socket, &QWebSocket::connected, this, [this] {
        m_attempt = 0;
        setState(State::Live);
        for (auto it = m_versions.cbegin(); it != m_versions.cend(); ++it)
            resubscribe(it.key());
    });
    connect(&m_socket, &QWebSocket::disconnected, this, [this] {
        if (m_wanted)
            scheduleReconnect();
        else
            setState(State::Disconnected);
    });
    connect(&m_socket, &QWebSocket::textMessageReceived, this, &LiveSession::onText);
}

LiveSession::~LiveSession()
{
    m_wanted = false;
    m_socket.abort();
}

void LiveSession::open(const QUrl &baseUrl, const QString &accessToken)
{
    m_url = baseUrl;
    m_url.setScheme(baseUrl.scheme() == u"https" ? QStringLiteral("wss") : QStringLiteral("ws"));
    m_url.setPath(baseUrl.path().chopped(baseUrl.path().endsWith(u'/') ? 1 : 0) + u"/ws");
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("access_token"), accessToken);
    m_url.setQuery(query);
    m_token = accessToken;
    m_wanted = true;
    m_attempt = 0;
    m_socket.abort();
    connectSocket();
}

void LiveSession::close()
{
    m_wanted = false;
    m_reconnect.stop();
    m_versions.clear();
    m_socket.close();
    setState(State::Disconnected);
}

void LiveSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void LiveSession::connectSocket()
{
    if (!m_wanted)
        return;
    setState(m_attempt == 0 && m_state != State::Reconnecting ? State::Connecting
                                                              : State::Reconnecting);
    m_socket.open(m_url);
}

void LiveSession::scheduleReconnect()
{
    setState(State::Reconnecting);
    // Backoff with a cap, so a restarted server is found again within a few seconds.
    const int delay = std::min(m_baseDelay << std::min(m_attempt, 4), 5000);
    ++m_attempt;
    m_reconnect.start(delay);
}

void LiveSession::subscribeSeatmap(const QString &eventId, qint64 since)
{
    m_versions.insert(eventId, since);
    if (m_state == State::Live)
        resubscribe(eventId);
}

void LiveSession::unsubscribeSeatmap(const QString &eventId)
{
    if (!m_versions.remove(eventId) || m_state != State::Live)
        return;
    send({{QStringLiteral("op"), QStringLiteral("unsubscribe")},
          {QStringLiteral("topic"), QStringLiteral("seatmap")},
          {QStringLiteral("event_id"), eventId}});
}

void LiveSession::resubscribe(const QString &eventId)
{
    QJsonObject request{{QStringLiteral("op"), QStringLiteral("subscribe")},
                        {QStringLiteral("topic"), QStringLiteral("seatmap")},
                        {QStringLiteral("event_id"), eventId}};
    const qint64 since = m_versions.value(eventId, -1);
    if (since >= 0)
        request.insert(QStringLiteral("since"), since);
    send(request);
}

void LiveSession::send(QJsonObject request)
{
    request.insert(QStringLiteral("id"), m_nextId++);
    m_socket.sendTextMessage(
        QString::fromUtf8(QJsonDocument(request).toJson(QJsonDocument::Compact)));
}

void LiveSession::onText(const QString &text)
{
    const QJsonObject message = QJsonDocument::fromJson(text.toUtf8()).object();
    if (message.isEmpty()) {
        Q_EMIT errorOccurred(tr("Unreadable message from the server"));
        return;
    }
    if (message.contains(u"id")) {
        if (!message.value(u"ok").toBool(true))
            Q_EMIT errorOccurred(message.value(u"error").toObject().value(u"detail").toString(
                message.value(u"error").toObject().value(u"title").toString()));
        return;
    }
    const QString type = message.value(u"type").toString();
    const QString eventId = message.value(u"event_id").toString();
    const qint64 version = message.value(u"version").toInteger(-1);
    if (type == u"seatmap.snapshot") {
        if (!m_versions.contains(eventId))
            return;
        m_versions.insert(eventId, version);
        Q_EMIT seatmapSnapshot(eventId,
                               version,
                               changesOf(message.value(u"seats").toArray()),
                               message.value(u"ga").toArray());
    } else if (type == u"seatmap.delta") {
        if (!m_versions.contains(eventId))
            return;
        const qint64 last = m_versions.value(eventId);
        if (version <= last)
            return; // already applied (replayed after a resubscribe)
        if (last >= 0 && version != last + 1) {
            resubscribe(eventId); // a gap: ask again from what we have
            return;
        }
        m_versions.insert(eventId, version);
        Q_EMIT seatmapDelta(eventId,
                            version,
                            changesOf(message.value(u"changes").toArray()),
                            message.value(u"ga").toArray());
    } else if (type == u"order.update") {
        Q_EMIT orderUpdated(message.value(u"order").toObject());
    }
}

} // namespace boxoffice::client
