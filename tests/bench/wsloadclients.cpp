// SPDX-License-Identifier: GPL-3.0-or-later
#include "wsloadclients.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <ctime>
#include <string_view>
#include <utility>

namespace boxoffice::test {

qint64 monotonicNs()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

namespace {

bool writeAll(int fd, const char *data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        data += n;
        size -= size_t(n);
    }
    return true;
}

// A masked client frame (clients must mask; the key does not matter here).
std::string clientFrame(unsigned char opcode, std::string_view payload)
{
    std::string frame;
    frame += char(0x80 | opcode);
    if (payload.size() < 126) {
        frame += char(0x80 | payload.size());
    } else {
        frame += char(0x80 | 126);
        frame += char((payload.size() >> 8) & 0xff);
        frame += char(payload.size() & 0xff);
    }
    const char mask[4] = {0x12, 0x34, 0x56, 0x78};
    frame.append(mask, 4);
    for (size_t i = 0; i < payload.size(); ++i)
        frame += char(payload[i] ^ mask[i % 4]);
    return frame;
}

} // namespace

struct WsLoadClients::Connection
{
    int fd = -1;
    std::string buffer;
    bool snapshotSeen = false;
};

struct WsLoadClients::Worker
{
    int epoll = -1;
    std::vector<std::unique_ptr<Connection>> connections; // touched by open() only
    std::vector<Receipt> receipts;                        // the worker thread only
    std::thread thread;
};

WsLoadClients::WsLoadClients(quint16 port, QByteArray token, int threads, int sourceAddresses)
    : m_port(port)
    , m_token(std::move(token))
    , m_sourceAddresses(std::max(1, sourceAddresses))
{
    for (int i = 0; i < std::max(1, threads); ++i) {
        auto worker = std::make_unique<Worker>();
        worker->epoll = epoll_create1(EPOLL_CLOEXEC);
        Worker *raw = worker.get();
        worker->thread = std::thread([this, raw] { run(*raw); });
        m_workers.push_back(std::move(worker));
    }
}

WsLoadClients::~WsLoadClients()
{
    stop();
    for (auto &worker : m_workers) {
        for (auto &connection : worker->connections)
            ::close(connection->fd);
        ::close(worker->epoll);
    }
}

int WsLoadClients::open(int count, const QByteArray &request)
{
    const std::string handshake = "GET /ws?access_token=" + m_token.toStdString()
                                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                    "Connection: Upgrade\r\nSec-WebSocket-Key: "
                                    "dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    const std::string subscribe = clientFrame(0x1, request.toStdString());
    int opened = 0;
    static constexpr int kBatch = 64; // well within the server's listen backlog
    for (int first = 0; first < count; first += kBatch) {
        std::vector<int> batch;
        for (int i = first; i < std::min(count, first + kBatch); ++i) {
            const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            if (fd < 0)
                break; // out of descriptors: the caller sees fewer connections
            sockaddr_in source{};
            source.sin_family = AF_INET;
            source.sin_addr.s_addr = htonl(INADDR_LOOPBACK + uint32_t(i % m_sourceAddresses));
            const int one = 1;
            // The port is picked at connect(), per destination: not one per address in all.
            ::setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
            sockaddr_in address{};
            address.sin_family = AF_INET;
            address.sin_port = htons(m_port);
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (::bind(fd, reinterpret_cast<sockaddr *>(&source), sizeof source) != 0
                || ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
                || !writeAll(fd, handshake.data(), handshake.size())) {
                ::close(fd);
                continue;
            }
            batch.push_back(fd);
        }
        for (const int fd : batch) {
            // Byte by byte up to the blank line, so no frame is read here by mistake.
            std::string response;
            char c = 0;
            while (response.size() < 4096 && !response.ends_with("\r\n\r\n")
                   && ::read(fd, &c, 1) == 1)
                response += c;
            if (!response.starts_with("HTTP/1.1 101")
                || !writeAll(fd, subscribe.data(), subscribe.size())) {
                ::close(fd);
                continue;
            }
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
            Worker &worker = *m_workers[size_t(opened) % m_workers.size()];
            auto connection = std::make_unique<Connection>();
            connection->fd = fd;
            epoll_event event{};
            event.events = EPOLLIN;
            event.data.ptr = connection.get();
            worker.connections.push_back(std::move(connection));
            epoll_ctl(worker.epoll, EPOLL_CTL_ADD, fd, &event);
            ++opened;
        }
    }
    return opened;
}

std::vector<WsLoadClients::Receipt> WsLoadClients::stop()
{
    m_stop = true;
    std::vector<Receipt> all;
    for (auto &worker : m_workers) {
        if (worker->thread.joinable())
            worker->thread.join();
        all.insert(all.end(), worker->receipts.begin(), worker->receipts.end());
        worker->receipts.clear();
    }
    return all;
}

void WsLoadClients::run(Worker &worker)
{
    static constexpr std::string_view kDelta = "\"type\":\"seatmap.delta\"";
    static constexpr std::string_view kChanges = "\"changes\":[{\"id\":\"";
    static constexpr std::string_view kSnapshot = "\"type\":\"seatmap.snapshot\"";
    epoll_event events[256];
    char chunk[65536];
    while (!m_stop) {
        const int ready = epoll_wait(worker.epoll, events, 256, 20);
        for (int e = 0; e < ready; ++e) {
            auto *connection = static_cast<Connection *>(events[e].data.ptr);
            for (;;) {
                const ssize_t n = ::recv(connection->fd, chunk, sizeof chunk, 0);
                if (n <= 0) {
                    if (n == 0)
                        epoll_ctl(worker.epoll, EPOLL_CTL_DEL, connection->fd, nullptr);
                    break;
                }
                const qint64 now = monotonicNs(); // right on receipt, before any parsing
                std::string &buffer = connection->buffer;
                buffer.append(chunk, size_t(n));
                size_t at = 0;
                for (;;) {
                    if (buffer.size() - at < 2)
                        break;
                    const auto *bytes = reinterpret_cast<const unsigned char *>(buffer.data() + at);
                    const unsigned opcode = bytes[0] & 0x0f;
                    size_t length = bytes[1] & 0x7f;
                    size_t header = 2;
                    if (length == 126) {
                        if (buffer.size() - at < 4)
                            break;
                        length = size_t(bytes[2]) << 8 | bytes[3];
                        header = 4;
                    } else if (length == 127) {
                        if (buffer.size() - at < 10)
                            break;
                        length = 0;
                        for (int i = 2; i < 10; ++i)
                            length = length << 8 | bytes[i];
                        header = 10;
                    }
                    if (buffer.size() - at < header + length)
                        break;
                    const std::string_view payload(buffer.data() + at + header, length);
                    at += header + length;
                    if (opcode == 0x9) { // ping: answer, or the server takes us for idle
                        const std::string pong = clientFrame(0xA, payload);
                        writeAll(connection->fd, pong.data(), pong.size());
                    } else if (opcode == 0x1 && payload.starts_with("{\"id\":1,")) {
                        ++m_replies;
                    } else if (opcode == 0x1 && payload.find(kSnapshot) != std::string_view::npos) {
                        if (std::exchange(connection->snapshotSeen, true))
                            ++m_resnapshots;
                        else
                            ++m_snapshots;
                    } else if (opcode == 0x1 && payload.find(kDelta) != std::string_view::npos) {
                        ++m_deltas;
                        const size_t seat = payload.find(kChanges);
                        if (seat == std::string_view::npos
                            || payload.find("\"held\"") == std::string_view::npos)
                            continue;
                        const size_t from = seat + kChanges.size();
                        const size_t end = payload.find('"', from);
                        worker.receipts.push_back(
                            {std::string(payload.substr(from, end - from)), now});
                        ++m_receiptCount;
                    }
                }
                buffer.erase(0, at);
            }
        }
    }
}

} // namespace boxoffice::test
