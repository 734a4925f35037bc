// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A WebSocket client on a plain POSIX socket with a tiny receive buffer, for the slow-consumer
// test: it can stop reading entirely, which a QWebSocket cannot.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace boxoffice::test {

class RawWsClient
{
public:
    /// `source`: the loopback address to connect from (host order, e.g. 0x7f000002), 0: any.
    RawWsClient(quint16 port, const QByteArray &token, int receiveBuffer, quint32 source = 0)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
        if (source != 0) {
            sockaddr_in local{};
            local.sin_family = AF_INET;
            local.sin_addr.s_addr = htonl(source);
            if (::bind(m_fd, reinterpret_cast<sockaddr *>(&local), sizeof local) != 0)
                return;
        }
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0)
            return;
        const QByteArray handshake
            = "GET /ws?access_token=" + token
              + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: "
                "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
        writeAll(handshake);
        QByteArray response;
        char c = 0;
        while (!response.endsWith("\r\n\r\n") && ::read(m_fd, &c, 1) == 1)
            response += c;
        m_open = response.startsWith("HTTP/1.1 101");
    }
    ~RawWsClient()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool isOpen() const { return m_open; }

    /// Sends one masked text frame.
    void sendText(const QByteArray &payload)
    {
        QByteArray frame;
        frame += char(0x81);
        if (payload.size() < 126) {
            frame += char(0x80 | payload.size());
        } else {
            frame += char(0x80 | 126);
            frame += char((payload.size() >> 8) & 0xff);
            frame += char(payload.size() & 0xff);
        }
        const char mask[4] = {0x12, 0x34, 0x56, 0x78};
        frame.append(mask, 4);
        for (qsizetype i = 0; i < payload.size(); ++i)
            frame += char(payload[i] ^ mask[i % 4]);
        writeAll(frame);
    }

    /// Reads whatever is there for up to `timeoutMs` and returns the complete text frames.
    QList<QJsonObject> read(int timeoutMs)
    {
        pollfd p{m_fd, POLLIN, 0};
        char buffer[65536];
        while (::poll(&p, 1, timeoutMs) > 0) {
            const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                m_ended = m_ended || n == 0;
                break;
            }
            m_buffer.append(buffer, qsizetype(n));
            timeoutMs = 50;
        }
        QList<QJsonObject> out;
        while (m_buffer.size() >= 2) {
            qint64 length = quint8(m_buffer[1]) & 0x7f;
            qsizetype header = 2;
            if (length == 126) {
                if (m_buffer.size() < 4)
                    break;
                length = (qint64(quint8(m_buffer[2])) << 8) | quint8(m_buffer[3]);
                header = 4;
            } else if (length == 127) {
                if (m_buffer.size() < 10)
                    break;
                length = 0;
                for (int i = 2; i < 10; ++i)
                    length = (length << 8) | quint8(m_buffer[i]);
                header = 10;
            }
            if (m_buffer.size() < header + length)
                break;
            const int opcode = quint8(m_buffer[0]) & 0x0f;
            if (opcode == 1)
                out.append(QJsonDocument::fromJson(m_buffer.mid(header, length)).object());
            m_pings += opcode == 9;
            m_ended = m_ended || opcode == 8;
            m_buffer.remove(0, header + length);
        }
        return out;
    }

    /// Ping frames read so far (this client never answers them).
    int pings() const { return m_pings; }
    /// The server sent a close frame or closed the connection.
    bool ended() const { return m_ended; }

private:
    void writeAll(const QByteArray &data)
    {
        qsizetype done = 0;
        while (done < data.size()) {
            const ssize_t n = ::write(m_fd, data.constData() + done, size_t(data.size() - done));
            if (n <= 0)
                return;
            done += n;
        }
    }

    int m_fd = -1;
    bool m_open = false;
    QByteArray m_buffer;
    int m_pings = 0;
    bool m_ended = false;
};

} // namespace boxoffice::test
