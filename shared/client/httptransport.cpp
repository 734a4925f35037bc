// SPDX-License-Identifier: GPL-3.0-or-later
#include "httptransport.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace boxoffice::client {

HttpTransport::HttpTransport(QObject *parent)
    : QObject(parent)
{
    m_network.setTransferTimeout(20'000);
}

QString HttpTransport::segment(const QString &id)
{
    return QString::fromUtf8(QUrl::toPercentEncoding(id));
}

QNetworkRequest HttpTransport::request(const QString &pathAndQuery, const QByteArray &accept) const
{
    QUrl url = m_baseUrl;
    const qsizetype q = pathAndQuery.indexOf(u'?');
    const QString path = q < 0 ? pathAndQuery : pathAndQuery.left(q);
    url.setPath(url.path().chopped(url.path().endsWith(u'/') ? 1 : 0) + path);
    if (q >= 0)
        url.setQuery(pathAndQuery.mid(q + 1), QUrl::StrictMode);
    QNetworkRequest out(url);
    out.setRawHeader("Accept", accept);
    if (!m_token.isEmpty())
        out.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    return out;
}

QNetworkReply *HttpTransport::get(const QString &pathAndQuery, const QByteArray &accept)
{
    // A long export may pause while the server reads its next batch on a busy machine: give
    // up only after as long as the server waits for a slow reader (60 s) rather than 20 s.
    QNetworkRequest download = request(pathAndQuery, accept);
    download.setTransferTimeout(60'000);
    return m_network.get(download);
}

void HttpTransport::send(const QByteArray &verb,
                         const QString &pathAndQuery,
                         const QByteArray &body,
                         const Headers &headers,
                         Callback done)
{
    QNetworkRequest request = this->request(pathAndQuery, "application/json");
    if (!body.isEmpty() || verb == "POST" || verb == "PUT")
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json; charset=utf-8"));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, body);
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        ApiResult result;
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.etag = reply->rawHeader("ETag");
        const QByteArray bytes = reply->readAll();
        result.body = QJsonDocument::fromJson(bytes).object();
        if (result.body.isEmpty())
            result.raw = bytes; // not a JSON object: a PDF, say
        if (result.status == 0)
            result.error = reply->errorString();
        else if (!result.ok())
            result.error = result.body.value(u"detail").toString(
                result.body.value(u"title").toString(QStringLiteral("HTTP %1").arg(result.status)));
        if (done)
            done(result);
    });
}

void HttpTransport::call(const QByteArray &verb,
                         const QString &pathAndQuery,
                         const QJsonObject &body,
                         const Headers &headers,
                         Callback done)
{
    const bool hasBody = verb == "POST" || verb == "PUT" || verb == "PATCH";
    send(verb,
         pathAndQuery,
         hasBody ? QJsonDocument(body).toJson(QJsonDocument::Compact) : QByteArray(),
         headers,
         std::move(done));
}

void HttpTransport::login(const QString &username, const QString &password, Callback done)
{
    call("POST",
         QStringLiteral("/auth/login"),
         {{QStringLiteral("username"), username}, {QStringLiteral("password"), password}},
         {},
         [this, done = std::move(done)](const ApiResult &result) {
             if (result.ok())
                 m_token = result.body.value(u"access_token").toString();
             if (done)
                 done(result);
         });
}

} // namespace boxoffice::client
