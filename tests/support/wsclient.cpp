// SPDX-License-Identifier: GPL-3.0-or-later
#include "wsclient.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace boxoffice::test {

WsClient::WsClient(quint16 port, const QByteArray &token, const QString &query)
{
    QObject::connect(&m_socket, &QWebSocket::connected, [this] { m_connected = true; });
    QObject::connect(&m_socket, &QWebSocket::disconnected, [this] { m_closed = true; });
    QObject::connect(&m_socket, &QWebSocket::textMessageReceived, [this](const QString &text) {
        const QJsonObject frame = QJsonDocument::fromJson(text.toUtf8()).object();
        m_frames.append(frame);
        if (frame.value(u"id").isDouble())
            m_replies.insert(frame.value(u"id").toInt(), frame);
        else if (frame.contains(u"type"))
            m_pushes.append(frame);
    });
    QNetworkRequest request(QUrl(QStringLiteral("ws://127.0.0.1:%1/ws%2").arg(port).arg(query)));
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    m_socket.open(request);
    QDeadlineTimer deadline(10000);
    while (!m_connected && !m_closed && !deadline.hasExpired())
        pump(50);
}

WsClient::~WsClient()
{
    m_socket.abort();
}

bool WsClient::pump(int timeoutMs)
{
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    QObject::connect(&m_socket, &QWebSocket::textMessageReceived, &loop, &QEventLoop::quit);
    QObject::connect(&m_socket, &QWebSocket::disconnected, &loop, &QEventLoop::quit);
    QObject::connect(&m_socket, &QWebSocket::connected, &loop, &QEventLoop::quit);
    loop.exec();
    return true;
}

int WsClient::send(const QString &op, QJsonObject params)
{
    const int id = m_nextId++;
    params.insert(QStringLiteral("id"), id);
    params.insert(QStringLiteral("op"), op);
    m_socket.sendTextMessage(
        QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact)));
    return id;
}

std::optional<QJsonObject> WsClient::reply(int id, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!m_replies.contains(id)) {
        if (deadline.hasExpired() || m_closed)
            return std::nullopt;
        pump(int(std::max<qint64>(1, deadline.remainingTime())));
    }
    return m_replies.take(id);
}

QJsonObject WsClient::request(const QString &op, QJsonObject params, int timeoutMs)
{
    return reply(send(op, std::move(params)), timeoutMs).value_or(QJsonObject{});
}

std::optional<QJsonObject> WsClient::nextPush(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (m_pushes.isEmpty()) {
        if (deadline.hasExpired() || m_closed)
            return std::nullopt;
        pump(int(std::max<qint64>(1, deadline.remainingTime())));
    }
    return m_pushes.takeFirst();
}

std::optional<QJsonObject> WsClient::nextFrame(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (m_frames.isEmpty()) {
        if (deadline.hasExpired() || m_closed)
            return std::nullopt;
        pump(int(std::max<qint64>(1, deadline.remainingTime())));
    }
    return m_frames.takeFirst();
}

bool WsClient::waitClosed(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!m_closed && !deadline.hasExpired())
        pump(50);
    return m_closed;
}

void SeatmapMirror::apply(const QJsonObject &push)
{
    const QString type = push.value(u"type").toString();
    const qint64 pushed = push.value(u"version").toInteger();
    if (type == u"seatmap.snapshot") {
        ++snapshots;
        seats.clear();
        ga.clear();
        for (const auto &seat : push.value(u"seats").toArray())
            seats.insert(seat[u"id"].toString(), seat[u"status"].toString());
        for (const auto &zone : push.value(u"ga").toArray())
            ga.insert(zone[u"id"].toString(), zone[u"available"].toInt());
        version = pushed;
    } else if (type == u"seatmap.delta") {
        ++deltas;
        if (pushed <= version) {
            ++duplicates;
            return;
        }
        if (version >= 0 && pushed != version + 1)
            ++gaps;
        for (const auto &seat : push.value(u"changes").toArray())
            seats.insert(seat[u"id"].toString(), seat[u"status"].toString());
        for (const auto &zone : push.value(u"ga").toArray())
            ga.insert(zone[u"id"].toString(), zone[u"available"].toInt());
        version = pushed;
    }
}

} // namespace boxoffice::test
