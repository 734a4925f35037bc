// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "api/outboundlimit.h"

#include <QByteArrayView>
#include <QObject>
#include <QtGlobal>

#include <functional>

class QTcpSocket;

namespace boxoffice::server::http {

/// What one connection may make the server buffer (issue 15, defect 2). Requests are checked
/// by their head before any body is read: a `Content-Length` over the largest body limit is 413
/// at once, a head over kMaxHeadBytes is 431, a chunked body 400 (each closes the connection).
/// Answers a client does not read are bounded by maxOutboundBytes(): past it the connection is
/// dropped. Incoming bytes stop being read past readBufferBytes() (TCP pushes back).
namespace edge {

inline constexpr qsizetype kMaxHeadBytes = 64 * 1024;

// The outbound bound and its counter are the WebSocket's too (api/outboundlimit.h).
using api::countSlowConsumer;
using api::maxOutboundBytes;

enum class HeadVerdict { Incomplete, Ok, TooLarge, HeadTooLarge, Chunked, BadLength };
/// Checks the head at the start of `buffer` against `maxBody`.
HeadVerdict checkHead(QByteArrayView buffer, qint64 maxBody);

/// Counts a request refused by its size (boxoffice_http_oversize_refused_total).
void countOversize();
/// Whether `socket` already has more than maxOutboundBytes() waiting to be sent, after
/// `adding` more; drops it (abort) and counts it when so.
bool dropIfOverOutbound(QTcpSocket *socket, qint64 adding);

} // namespace edge

/// The answers a connection's requests are still waiting for (a child of its socket). The raw
/// front reads the next request only when there are none, so answers go out in request order
/// (issue 15, defect 12) and a connection has one request in the works at a time.
class PendingAnswers : public QObject
{
    Q_OBJECT
public:
    explicit PendingAnswers(QTcpSocket *socket);
    /// The counter of `socket`, or nullptr (a socket the fast-path router does not read, e.g. TLS).
    static PendingAnswers *of(QTcpSocket *socket);

    void add() { ++m_count; }
    void done();
    bool busy() const { return m_count > 0; }
    /// Called when the last outstanding answer went out.
    void setOnIdle(std::function<void()> onIdle) { m_onIdle = std::move(onIdle); }

private:
    int m_count = 0;
    std::function<void()> m_onIdle;
};

} // namespace boxoffice::server::http
