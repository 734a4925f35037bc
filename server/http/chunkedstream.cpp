// SPDX-License-Identifier: GPL-3.0-or-later
#include "chunkedstream.h"

#include "edgelimits.h"

#include <QDeadlineTimer>
#include <QTcpSocket>

namespace boxoffice::server::http {

ChunkedStream::ChunkedStream(QTcpSocket *socket)
    : m_socket(socket)
{}

std::shared_ptr<ChunkedStream> ChunkedStream::create(QTcpSocket *socket)
{
    std::shared_ptr<ChunkedStream> stream(new ChunkedStream(socket),
                                          [](ChunkedStream *s) { s->deleteLater(); });
    ChunkedStream *raw = stream.get();
    connect(socket, &QTcpSocket::bytesWritten, raw, [raw] { raw->pump(); });
    connect(socket, &QTcpSocket::disconnected, raw, [raw] { raw->lost(); });
    connect(socket, &QObject::destroyed, raw, [raw] { raw->lost(); });
    return stream;
}

void ChunkedStream::begin(const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    if (!m_socket)
        return;
    QByteArray head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    m_socket->write(head + "\r\n");
}

bool ChunkedStream::push(const QByteArray &bytes)
{
    {
        QMutexLocker lock(&m_mutex);
        QDeadlineTimer stall(kStallMs);
        while (m_queued >= kQueueBytes && !m_gone) {
            if (!m_drained.wait(&m_mutex, stall)) {
                edge::countSlowConsumer("http");
                return false;
            }
        }
        if (m_gone)
            return false;
        m_queue.append(bytes);
        m_queued += bytes.size();
    }
    QMetaObject::invokeMethod(
        this, [this] { pump(); }, Qt::QueuedConnection);
    return true;
}

void ChunkedStream::finish(bool complete)
{
    {
        QMutexLocker lock(&m_mutex);
        m_finished = true;
        m_complete = complete;
    }
    QMetaObject::invokeMethod(
        this, [this] { pump(); }, Qt::QueuedConnection);
}

void ChunkedStream::pump()
{
    if (m_closed)
        return;
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        lost();
        return;
    }
    while (m_socket->bytesToWrite() < kSocketBytes) {
        QByteArray chunk;
        {
            QMutexLocker lock(&m_mutex);
            if (m_finished && !m_complete) {
                m_closed = true;
                m_socket->abort();
                return;
            }
            if (m_queue.isEmpty()) {
                if (!m_finished)
                    return; // more comes with the next push
                m_closed = true;
                m_socket->write("0\r\n\r\n");
                m_socket->disconnectFromHost(); // after what is buffered went out
                return;
            }
            chunk = m_queue.takeFirst();
            m_queued -= chunk.size();
            m_drained.wakeAll();
        }
        m_socket->write(QByteArray::number(chunk.size(), 16) + "\r\n");
        m_socket->write(chunk);
        m_socket->write("\r\n");
    }
}

void ChunkedStream::lost()
{
    m_closed = true;
    QMutexLocker lock(&m_mutex);
    m_gone = true;
    m_queue.clear();
    m_queued = 0;
    m_drained.wakeAll();
}

} // namespace boxoffice::server::http
