// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpclient.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace boxoffice::test {

QByteArray HttpResponse::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

namespace {

// Parses what has arrived; true once the whole response (by Content-Length) is there.
bool parse(const QByteArray &data, HttpResponse &out, bool closed)
{
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = data.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    out.status = statusLine.value(1).toInt();
    out.headers.clear();
    qsizetype length = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        out.headers.append({name, value});
        if (name.compare("content-length", Qt::CaseInsensitive) == 0)
            length = value.toLongLong();
    }
    const QByteArray body = data.mid(end + 4);
    if (length >= 0 && body.size() >= length) {
        out.body = body.left(length);
        return true;
    }
    if (length < 0 && (closed || out.status == 204 || out.status == 304)) {
        out.body = body;
        return true;
    }
    return false;
}

struct Call
{
    std::unique_ptr<QTcpSocket> socket;
    QByteArray buffer;
    HttpResponse response;
    QElapsedTimer timer;
    QByteArray wire;
    bool done = false;
};

} // namespace

QList<HttpResponse> HttpClient::concurrently(const QList<HttpRequest> &requests,
                                             int timeoutMs,
                                             bool preconnect) const
{
    QEventLoop loop;
    std::vector<std::unique_ptr<Call>> calls;
    int remaining = int(requests.size());
    int connecting = int(requests.size());
    auto writeAll = [&calls] {
        for (auto &call : calls) {
            call->timer.start();
            call->socket->write(call->wire);
            call->socket->flush(); // sent now, not after all the others are queued
        }
    };
    auto finish = [&](Call &call) {
        if (call.done)
            return;
        call.done = true;
        call.response.elapsedUs = call.timer.nsecsElapsed() / 1000;
        call.socket->abort();
        if (--remaining == 0)
            loop.quit();
    };
    for (const HttpRequest &request : requests) {
        auto call = std::make_unique<Call>();
        Call *raw = call.get();
        call->socket = std::make_unique<QTcpSocket>();
        QByteArray wire = request.method + ' ' + request.path + " HTTP/1.1\r\nHost: " + m_host + ':'
                          + QByteArray::number(m_port) + "\r\nConnection: close\r\n";
        for (const auto &[name, value] : request.headers)
            wire += name + ": " + value + "\r\n";
        if (!request.body.isEmpty() || request.method == "POST" || request.method == "PUT")
            wire += "Content-Type: application/json\r\nContent-Length: "
                    + QByteArray::number(request.body.size()) + "\r\n";
        wire += "\r\n" + request.body;
        raw->wire = wire;
        QObject::connect(raw->socket.get(),
                         &QTcpSocket::connected,
                         [raw, preconnect, &connecting, &writeAll] {
                             if (!preconnect)
                                 raw->socket->write(raw->wire);
                             else if (--connecting == 0)
                                 writeAll();
                         });
        QObject::connect(raw->socket.get(), &QTcpSocket::readyRead, [raw, &finish] {
            if (raw->done)
                return;
            raw->buffer += raw->socket->readAll();
            if (parse(raw->buffer, raw->response, false))
                finish(*raw);
        });
        QObject::connect(raw->socket.get(), &QTcpSocket::disconnected, [raw, &finish] {
            if (raw->done)
                return;
            raw->buffer += raw->socket->readAll();
            if (!parse(raw->buffer, raw->response, true))
                raw->response.status = 0;
            finish(*raw);
        });
        QObject::connect(raw->socket.get(),
                         &QTcpSocket::errorOccurred,
                         [raw, &finish](QAbstractSocket::SocketError error) {
                             if (error == QAbstractSocket::RemoteHostClosedError)
                                 return; // disconnected() handles it
                             if (!parse(raw->buffer, raw->response, true))
                                 raw->response.status = 0;
                             finish(*raw);
                         });
        calls.push_back(std::move(call));
    }
    for (auto &call : calls) {
        call->timer.start();
        call->socket->connectToHost(QString::fromLatin1(m_host), m_port);
    }
    if (remaining > 0) {
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    QList<HttpResponse> out;
    for (auto &call : calls) {
        call->socket->disconnect();
        out.append(call->response);
    }
    return out;
}

HttpResponse HttpClient::send(const HttpRequest &request, int timeoutMs) const
{
    return concurrently({request}, timeoutMs).value(0);
}

HttpRequest HttpClient::request(const QByteArray &method,
                                const QByteArray &path,
                                const QByteArray &body,
                                const QByteArray &token,
                                const QList<QPair<QByteArray, QByteArray>> &headers)
{
    HttpRequest out{method, path, body, headers};
    if (!token.isEmpty())
        out.headers.append({"Authorization", "Bearer " + token});
    return out;
}

HttpResponse HttpClient::get(const QByteArray &path, const QByteArray &token) const
{
    return send(request("GET", path, {}, token));
}

HttpResponse HttpClient::post(const QByteArray &path,
                              const QJsonObject &body,
                              const QByteArray &token,
                              const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    return send(
        request("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), token, headers));
}

HttpResponse HttpClient::postRaw(const QByteArray &path,
                                 const QByteArray &body,
                                 const QByteArray &token,
                                 const QList<QPair<QByteArray, QByteArray>> &headers) const
{
    return send(request("POST", path, body, token, headers));
}

HttpResponse HttpClient::del(const QByteArray &path, const QByteArray &token) const
{
    return send(request("DELETE", path, {}, token));
}

} // namespace boxoffice::test
