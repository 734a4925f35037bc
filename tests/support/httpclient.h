// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QPair>

namespace boxoffice::test {

/// One HTTP request for the test client.
struct HttpRequest
{
    QByteArray method = "GET";
    QByteArray path = "/";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
};

/// One HTTP response; status 0 when the connection failed.
struct HttpResponse
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    qint64 elapsedUs = 0; ///< from connecting (or writing, when preconnected) to the answer

    QByteArray header(QByteArrayView name) const;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString code() const { return json().value(QStringLiteral("code")).toString(); }
    /// json() less `request_id`, which differs between any two requests (issue 18).
    QJsonObject jsonWithoutRequestId() const
    {
        QJsonObject out = json();
        out.remove(QStringLiteral("request_id"));
        return out;
    }
};

/// A tiny HTTP/1.1 client over QTcpSocket: one connection per request, so N requests sent at once
/// really are N concurrent clients (QNetworkAccessManager would queue them 6 at a time).
class HttpClient
{
public:
    HttpClient(QByteArray host, quint16 port)
        : m_host(std::move(host))
        , m_port(port)
    {}

    /// Sends all requests at once and waits (local event loop) for every answer. With
    /// `preconnect`, every connection is set up first and all requests are written together, so
    /// elapsedUs measures the server's answer, not the TCP handshakes.
    QList<HttpResponse> concurrently(const QList<HttpRequest> &requests,
                                     int timeoutMs = 30000,
                                     bool preconnect = false) const;
    HttpResponse send(const HttpRequest &request, int timeoutMs = 30000) const;

    HttpResponse get(const QByteArray &path, const QByteArray &token = {}) const;
    HttpResponse post(const QByteArray &path,
                      const QJsonObject &body,
                      const QByteArray &token = {},
                      const QList<QPair<QByteArray, QByteArray>> &headers = {}) const;
    HttpResponse postRaw(const QByteArray &path,
                         const QByteArray &body,
                         const QByteArray &token = {},
                         const QList<QPair<QByteArray, QByteArray>> &headers = {}) const;
    HttpResponse del(const QByteArray &path, const QByteArray &token = {}) const;

    /// A request value, for concurrently().
    static HttpRequest request(const QByteArray &method,
                               const QByteArray &path,
                               const QByteArray &body,
                               const QByteArray &token,
                               const QList<QPair<QByteArray, QByteArray>> &headers = {});

private:
    QByteArray m_host;
    quint16 m_port;
};

} // namespace boxoffice::test
