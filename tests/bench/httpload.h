// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace boxoffice::test {

// Keep-alive HTTP/1.1 connections on raw non-blocking sockets and one epoll loop, one request
// in flight per connection (no pipelining), like redis-benchmark: the client must cost little
// CPU on a shared machine, or it, not the server, is what gets measured.
class HttpLoad
{
public:
    HttpLoad(quint16 port, QList<QByteArray> requests, int clients)
        : m_requests(std::move(requests))
        , m_epoll(epoll_create1(0))
    {
        m_clock.start();
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        for (int i = 0; i < clients; ++i) {
            Connection connection;
            connection.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
            const int one = 1;
            setsockopt(connection.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            ::connect(connection.fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
            connection.next = i * int(m_requests.size() / std::max(1, clients));
            epoll_event event{};
            event.events = EPOLLOUT;
            event.data.u32 = uint32_t(i);
            epoll_ctl(m_epoll, EPOLL_CTL_ADD, connection.fd, &event);
            m_connections.push_back(connection);
        }
    }
    ~HttpLoad()
    {
        for (const Connection &connection : m_connections)
            ::close(connection.fd);
        ::close(m_epoll);
    }

    /// Paced instead of as fast as answers come: each connection sends its next request `gapUs`
    /// after its last one (0: at once), as fans told to come back later do.
    void setGap(qint64 gapUs) { m_gapNs = gapUs * 1000; }

    /// Runs for `ms` milliseconds; returns the answers seen.
    void run(qint64 ms)
    {
        QElapsedTimer timer;
        timer.start();
        epoll_event events[64];
        while (timer.elapsed() < ms) {
            const int ready = epoll_wait(m_epoll, events, 64, m_gapNs > 0 ? 1 : 10);
            if (m_gapNs > 0)
                sendDue();
            for (int e = 0; e < ready; ++e) {
                Connection &connection = m_connections[events[e].data.u32];
                if (events[e].events & EPOLLOUT) { // connected: switch to reading
                    epoll_event event{};
                    event.events = EPOLLIN;
                    event.data.u32 = events[e].data.u32;
                    epoll_ctl(m_epoll, EPOLL_CTL_MOD, connection.fd, &event);
                    send(connection);
                } else if (events[e].events & EPOLLIN) {
                    receive(connection);
                }
            }
        }
    }

    qint64 ok = 0;
    qint64 other = 0;
    std::string firstOther; ///< the first answer other than 200 (head and some of its body)

private:
    struct Connection
    {
        int fd = -1;
        int next = 0;
        std::string buffer;
        qint64 sentAtNs = 0;
        qint64 dueNs = -1; // paced: when the next request goes
    };

    void sendDue()
    {
        const qint64 now = m_clock.nsecsElapsed();
        for (Connection &connection : m_connections) {
            if (connection.dueNs >= 0 && connection.dueNs <= now) {
                connection.dueNs = -1;
                send(connection);
            }
        }
    }

    void send(Connection &connection)
    {
        connection.sentAtNs = m_clock.nsecsElapsed();
        const QByteArray &request = m_requests[connection.next++ % m_requests.size()];
        qsizetype sent = 0;
        while (sent < request.size()) { // small; the socket buffer takes it at once
            const ssize_t n = ::write(connection.fd,
                                      request.constData() + sent,
                                      size_t(request.size() - sent));
            if (n <= 0)
                return;
            sent += n;
        }
    }

    void receive(Connection &connection)
    {
        char chunk[16384];
        for (;;) {
            const ssize_t n = ::read(connection.fd, chunk, sizeof chunk);
            if (n <= 0)
                break;
            connection.buffer.append(chunk, size_t(n));
        }
        for (;;) {
            const size_t end = connection.buffer.find("\r\n\r\n");
            if (end == std::string::npos)
                return;
            size_t length = 0;
            for (const char *name : {"Content-Length:", "content-length:"}) {
                const size_t at = connection.buffer.find(name);
                if (at != std::string::npos && at < end)
                    length = size_t(std::strtoul(connection.buffer.c_str() + at + 15, nullptr, 10));
            }
            if (connection.buffer.size() < end + 4 + length)
                return;
            if (connection.buffer.compare(9, 3, "200") == 0) {
                ++ok;
            } else {
                if (++other == 1) // the first refusal, for the report
                    firstOther = connection.buffer.substr(0,
                                                          end + 4 + std::min<size_t>(length, 300));
            }
            connection.buffer.erase(0, end + 4 + length);
            if (m_gapNs > 0)
                connection.dueNs = connection.sentAtNs + m_gapNs;
            else
                send(connection);
        }
    }

    QList<QByteArray> m_requests;
    QElapsedTimer m_clock;
    qint64 m_gapNs = 0;
    int m_epoll;
    std::vector<Connection> m_connections;
};

} // namespace boxoffice::test
