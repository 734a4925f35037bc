// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <QUrl>
#include <QWebSocket>

namespace boxoffice::client {

/// One seat's new status from a seat-map push.
struct SeatStatusChange
{
    QString id;
    QString status;
};

/// The WebSocket session of API.md (`/ws`): authenticates with the access token, subscribes to
/// event seat maps, and keeps the subscriptions alive: after a cut it reconnects with backoff and
/// resubscribes with `since` = the last version it applied; a gap in delta versions resubscribes
/// too. Pushes come out as typed signals.
class LiveSession : public QObject
{
    Q_OBJECT
public:
    enum class State { Disconnected, Connecting, Live, Reconnecting };
    Q_ENUM(State)

    explicit LiveSession(QObject *parent = nullptr);
    ~LiveSession() override;

    /// `baseUrl` is the server's http(s) URL; the session derives ws(s)://…/ws from it.
    void open(const QUrl &baseUrl, const QString &accessToken);
    void close();
    State state() const { return m_state; }

    /// Subscribes to the seat map of `eventId`; `since` is the version the caller already has
    /// (-1: none, a snapshot comes back).
    void subscribeSeatmap(const QString &eventId, qint64 since = -1);
    void unsubscribeSeatmap(const QString &eventId);
    /// Last seat-map version applied for `eventId` (-1 if none).
    qint64 version(const QString &eventId) const { return m_versions.value(eventId, -1); }

    /// Reconnect delays grow from this value (tests make it small).
    void setReconnectDelay(int ms) { m_baseDelay = ms; }

Q_SIGNALS:
    void stateChanged(boxoffice::client::LiveSession::State state);
    /// The full status of every seat (and GA zones) at `version`.
    void seatmapSnapshot(const QString &eventId,
                         qint64 version,
                         const QList<boxoffice::client::SeatStatusChange> &seats,
                         const QJsonArray &ga);
    /// Changes since the previous version; versions are consecutive.
    void seatmapDelta(const QString &eventId,
                      qint64 version,
                      const QList<boxoffice::client::SeatStatusChange> &changes,
                      const QJsonArray &ga);
    /// An `order.update` push.
    void orderUpdated(const QJsonObject &order);
    /// A reply with ok=false, or a protocol error, for the log/status bar.
    void errorOccurred(const QString &message);

private:
    void setState(State state);
    void connectSocket();
    void scheduleReconnect();
    void onText(const QString &text);
    void send(QJsonObject request);
    void resubscribe(const QString &eventId);

    QWebSocket m_socket;
    QTimer m_reconnect;
    QUrl m_url;
    QString m_token;
    State m_state = State::Disconnected;
    QHash<QString, qint64> m_versions; ///< subscribed events -> last applied version
    qint64 m_nextId = 1;
    int m_baseDelay = 500;
    int m_attempt = 0;
    bool m_wanted = false;
};

} // namespace boxoffice::client
