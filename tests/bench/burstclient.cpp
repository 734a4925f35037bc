// SPDX-License-Identifier: GPL-3.0-or-later
#include "burstclient.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <vector>

namespace boxoffice::test {

namespace {

qint64 nowUs()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct Call
{
    int fd = -1;
    qint64 sentUs = 0;
    QByteArray buffer;
    bool done = false;
};

// The status once `buffer` holds a whole answer (headers and Content-Length body), else 0.
int complete(const QByteArray &buffer)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return 0;
    qsizetype length = 0;
    const qsizetype header = buffer.indexOf("ontent-Length:");
    if (header >= 0 && header < end) {
        qsizetype i = header + 14;
        while (i < end && buffer.at(i) == ' ')
            ++i;
        while (i < end && buffer.at(i) >= '0' && buffer.at(i) <= '9')
            length = length * 10 + (buffer.at(i++) - '0');
    }
    if (buffer.size() < end + 4 + length)
        return 0;
    return buffer.mid(9, 3).toInt();
}

// Waits until every socket is writable (connected) or the time is up.
void awaitConnected(int epoll, std::vector<Call> &calls, qint64 deadlineUs)
{
    size_t connected = 0;
    std::vector<epoll_event> events(256);
    while (connected < calls.size() && nowUs() < deadlineUs) {
        const int n = epoll_wait(epoll, events.data(), int(events.size()), 100);
        for (int i = 0; i < n; ++i) {
            Call &call = calls[events[i].data.u32];
            epoll_event in{};
            in.events = EPOLLIN;
            in.data.u32 = events[i].data.u32;
            epoll_ctl(epoll, EPOLL_CTL_MOD, call.fd, &in);
            ++connected;
        }
    }
}

} // namespace

QList<BurstAnswer> sendBurst(quint16 port, const QList<QByteArray> &requests, int timeoutMs)
{
    const qint64 deadlineUs = nowUs() + qint64(timeoutMs) * 1000;
    const int epoll = epoll_create1(0);
    std::vector<Call> calls(size_t(requests.size()));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    for (size_t i = 0; i < calls.size(); ++i) {
        Call &call = calls[i];
        call.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        const int one = 1;
        setsockopt(call.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        connect(call.fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
        epoll_event out{};
        out.events = EPOLLOUT;
        out.data.u32 = quint32(i);
        epoll_ctl(epoll, EPOLL_CTL_ADD, call.fd, &out);
    }
    awaitConnected(epoll, calls, deadlineUs);
    for (size_t i = 0; i < calls.size(); ++i) {
        calls[i].sentUs = nowUs();
        const QByteArray &wire = requests[qsizetype(i)];
        if (write(calls[i].fd, wire.constData(), size_t(wire.size())) != wire.size())
            calls[i].done = true; // counted as no answer
    }
    QList<BurstAnswer> answers(requests.size());
    size_t remaining = calls.size();
    std::vector<epoll_event> events(256);
    char chunk[16384];
    while (remaining > 0 && nowUs() < deadlineUs) {
        const int n = epoll_wait(epoll, events.data(), int(events.size()), 100);
        for (int e = 0; e < n; ++e) {
            const quint32 i = events[e].data.u32;
            Call &call = calls[i];
            if (call.done)
                continue;
            const ssize_t got = read(call.fd, chunk, sizeof chunk);
            if (got > 0)
                call.buffer.append(chunk, got);
            const int status = complete(call.buffer);
            if (status == 0 && got != 0 && !(got < 0 && errno != EAGAIN))
                continue;
            answers[i] = {status, nowUs() - call.sentUs};
            call.done = true;
            --remaining;
            epoll_ctl(epoll, EPOLL_CTL_DEL, call.fd, nullptr);
        }
    }
    for (Call &call : calls)
        close(call.fd);
    close(epoll);
    return answers;
}

} // namespace boxoffice::test
