// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QWebSocket>

#include <optional>

namespace boxoffice::test {

/// A blocking WebSocket client for tests: requests wait for their reply (pushes that arrive
/// meanwhile are kept), pushes are taken in order.
class WsClient
{
public:
    /// Connects to ws://127.0.0.1:port/ws`query`, with `Authorization: Bearer token` if given.
    WsClient(quint16 port, const QByteArray &token = {}, const QString &query = {});
    ~WsClient();

    bool isConnected() const { return m_connected; }
    bool isClosed() const { return m_closed; }
    /// Sends {"id","op",...params} and waits for the reply with that id.
    QJsonObject request(const QString &op, QJsonObject params = {}, int timeoutMs = 10000);
    /// Sends without waiting.
    int send(const QString &op, QJsonObject params);
    void sendText(const QString &text) { m_socket.sendTextMessage(text); }
    /// Waits for the reply to `id`.
    std::optional<QJsonObject> reply(int id, int timeoutMs = 10000);
    /// The next push (frame without an id), or nothing after `timeoutMs`.
    std::optional<QJsonObject> nextPush(int timeoutMs = 5000);
    /// The next frame of any kind (replies to ids nobody asked for included).
    std::optional<QJsonObject> nextFrame(int timeoutMs = 5000);
    bool waitClosed(int timeoutMs = 5000);
    QWebSocket &socket() { return m_socket; }

private:
    bool pump(int timeoutMs);

    QWebSocket m_socket;
    bool m_connected = false;
    bool m_closed = false;
    int m_nextId = 1;
    QList<QJsonObject> m_pushes;
    QList<QJsonObject> m_frames;
    QHash<int, QJsonObject> m_replies;
};

/// A client-side copy of one event's seat map built only from pushes; it notices gaps and
/// duplicates in delta versions.
struct SeatmapMirror
{
    qint64 version = -1;
    QHash<QString, QString> seats;
    QHash<QString, int> ga;
    int gaps = 0;
    int duplicates = 0;
    int deltas = 0;
    int snapshots = 0;

    /// Applies a seatmap.snapshot or seatmap.delta push; ignores others.
    void apply(const QJsonObject &push);
};

} // namespace boxoffice::test
