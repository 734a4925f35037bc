#include "apiclient.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace boxoffice::client {

ApiClient::ApiClient(QObject *parent)
    : QObject(parent)
{
    m_network.setTransferTimeout(30'000);
}

void ApiClient::setBaseUrl(const QUrl &url)
{
    m_baseUrl = url;
}

void ApiClient::send(const QByteArray &verb,
                     const QString &path,
                     const QByteArray &body,
                     const QList<QPair<QByteArray, QByteArray>> &headers,
                     Callback done)
{
    QUrl url = m_baseUrl;
    url.setPath(url.path().chopped(url.path().endsWith(u'/') ? 1 : 0) + path);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader,
                      QByteArrayLiteral("application/json; charset=utf-8"));
    request.setRawHeader("Accept", "application/json");
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, body);
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        ApiResult result;
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.etag = reply->rawHeader("ETag");
        const QByteArray data = reply->readAll();
        result.body = QJsonDocument::fromJson(data).object();
        if (result.status == 0)
            result.error = reply->errorString();
        else if (!result.ok())
            result.error = result.body.value(u"detail").toString(
                result.body.value(u"title").toString(QStringLiteral("HTTP %1").arg(result.status)));
        done(result);
    });
}

void ApiClient::login(const QString &username, const QString &password, Callback done)
{
    const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("username"), username},
                                                      {QStringLiteral("password"), password}})
                                .toJson(QJsonDocument::Compact);
    send("POST",
         QStringLiteral("/auth/login"),
         body,
         {},
         [this, done = std::move(done)](const ApiResult &result) {
             if (result.ok())
                 m_token = result.body.value(u"access_token").toString();
             done(result);
         });
}

void ApiClient::getVenue(const QString &id, Callback done)
{
    send("GET",
         u"/venues/" + QString::fromUtf8(QUrl::toPercentEncoding(id)),
         {},
         {},
         std::move(done));
}

void ApiClient::createVenue(const QByteArray &venueJson, Callback done)
{
    send("POST", QStringLiteral("/venues"), venueJson, {}, std::move(done));
}

void ApiClient::updateVenue(const QString &id,
                            const QString &version,
                            const QByteArray &venueJson,
                            Callback done)
{
    send("PUT",
         u"/venues/" + QString::fromUtf8(QUrl::toPercentEncoding(id)),
         venueJson,
         {{"If-Match", version.toUtf8()}},
         std::move(done));
}

} // namespace boxoffice::client
