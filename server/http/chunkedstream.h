// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QWaitCondition>

#include <memory>
#include <utility>

class QTcpSocket;

namespace boxoffice::server::http {

/// An answer written while it is produced (exports of any length): a producer thread pushes
/// chunks, the server's thread writes them with chunked transfer encoding at the pace the
/// client reads. What one export can pin in memory is bounded, however large the export and
/// however slow the client: kQueueBytes waiting here (push() blocks past it), plus
/// kSocketBytes in the socket's buffer (nothing more is written until the kernel took it), plus
/// the capped kernel send buffer (CappedSendServer). A client that reads nothing for kStallMs
/// is dropped as a slow consumer; a client that hangs up stops the producer at its next push.
class ChunkedStream : public QObject
{
    Q_OBJECT
public:
    static constexpr qsizetype kQueueBytes = 256 * 1024;
    static constexpr qint64 kSocketBytes = 64 * 1024;
    static constexpr int kStallMs = 60 * 1000;

    /// On the socket's thread; deleted (later, on that thread) when the last owner lets go.
    static std::shared_ptr<ChunkedStream> create(QTcpSocket *socket);

    /// On the socket's thread: the head (200, chunked, `Connection: close`, `headers`).
    void begin(const QList<std::pair<QByteArray, QByteArray>> &headers);
    /// On the producer's thread: queues `bytes`, waiting while kQueueBytes wait already. False
    /// when the client is gone or read nothing for kStallMs: stop producing.
    bool push(const QByteArray &bytes);
    /// On the producer's thread, once: `complete` sends the last chunk and closes; otherwise the
    /// connection is aborted, so the client sees a body cut short rather than a shorter file.
    void finish(bool complete);

private:
    explicit ChunkedStream(QTcpSocket *socket);
    /// Writes queued chunks while the socket's buffer is under kSocketBytes.
    void pump();
    /// The client hung up: drop what waits and release the producer.
    void lost();

    QPointer<QTcpSocket> m_socket; // read on the socket's thread only
    bool m_closed = false;         // the socket's thread only

    QMutex m_mutex; // guards what follows
    QWaitCondition m_drained;
    QList<QByteArray> m_queue;
    qsizetype m_queued = 0;
    bool m_finished = false;
    bool m_complete = false;
    bool m_gone = false;
};

} // namespace boxoffice::server::http
