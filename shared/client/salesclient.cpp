#include "salesclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrlQuery>

namespace boxoffice::client {

namespace {
QString part(const QString &id)
{
    return QString::fromUtf8(QUrl::toPercentEncoding(id));
}
} // namespace

SalesClient::SalesClient(QObject *parent)
    : QObject(parent)
{
    m_network.setTransferTimeout(20'000);
}

void SalesClient::call(const QByteArray &verb,
                       const QString &pathAndQuery,
                       const QJsonObject &body,
                       const QList<QPair<QByteArray, QByteArray>> &headers,
                       Callback done)
{
    QUrl url = m_baseUrl;
    const qsizetype q = pathAndQuery.indexOf(u'?');
    const QString path = q < 0 ? pathAndQuery : pathAndQuery.left(q);
    url.setPath(url.path().chopped(url.path().endsWith(u'/') ? 1 : 0) + path);
    if (q >= 0)
        url.setQuery(pathAndQuery.mid(q + 1), QUrl::StrictMode);
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    if (!m_token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    QByteArray data;
    if (verb == "POST" || verb == "PUT") {
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json; charset=utf-8"));
        data = QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, data);
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        ApiResult result;
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.etag = reply->rawHeader("ETag");
        result.body = QJsonDocument::fromJson(reply->readAll()).object();
        if (result.status == 0)
            result.error = reply->errorString();
        else if (!result.ok())
            result.error = result.body.value(u"detail").toString(
                result.body.value(u"title").toString(QStringLiteral("HTTP %1").arg(result.status)));
        if (done)
            done(result);
    });
}

void SalesClient::login(const QString &username, const QString &password, Callback done)
{
    call("POST",
         QStringLiteral("/auth/login"),
         {{QStringLiteral("username"), username}, {QStringLiteral("password"), password}},
         {},
         [this, done = std::move(done)](const ApiResult &result) {
             if (result.ok())
                 m_token = result.body.value(u"access_token").toString();
             done(result);
         });
}

void SalesClient::searchEvents(const QString &query, Callback done)
{
    QUrlQuery q;
    if (!query.trimmed().isEmpty())
        q.addQueryItem(QStringLiteral("q"), query.trimmed());
    q.addQueryItem(QStringLiteral("limit"), QStringLiteral("50"));
    call("GET", u"/events?" + q.toString(QUrl::FullyEncoded), {}, {}, std::move(done));
}

void SalesClient::getEvent(const QString &id, Callback done)
{
    call("GET", u"/events/" + part(id), {}, {}, std::move(done));
}

void SalesClient::getVenue(const QString &id, Callback done)
{
    call("GET", u"/venues/" + part(id), {}, {}, std::move(done));
}

void SalesClient::getSeatmap(const QString &eventId, Callback done)
{
    call("GET", u"/events/" + part(eventId) + u"/seatmap", {}, {}, std::move(done));
}

void SalesClient::createHold(const QJsonObject &body, const QString &key, Callback done)
{
    call("POST",
         QStringLiteral("/holds"),
         body,
         {{"Idempotency-Key", key.toLatin1()}},
         std::move(done));
}

void SalesClient::releaseHold(const QString &holdId, Callback done)
{
    call("DELETE", u"/holds/" + part(holdId), {}, {}, std::move(done));
}

void SalesClient::createOrder(const QJsonObject &body, const QString &key, Callback done)
{
    call("POST",
         QStringLiteral("/orders"),
         body,
         {{"Idempotency-Key", key.toLatin1()}},
         std::move(done));
}

void SalesClient::getOrder(const QString &orderId, Callback done)
{
    call("GET", u"/orders/" + part(orderId), {}, {}, std::move(done));
}

void SalesClient::refundOrder(const QString &orderId,
                              const QJsonObject &body,
                              const QString &idempotencyKey,
                              Callback done)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!idempotencyKey.isEmpty())
        headers.append({QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()});
    call("POST", u"/orders/" + part(orderId) + u"/refund", body, headers, std::move(done));
}

void SalesClient::reissueTicket(const QString &ticketId, Callback done)
{
    call("POST", u"/tickets/" + part(ticketId) + u"/reissue", {}, {}, std::move(done));
}

void SalesClient::scanTicket(const QString &code, Callback done)
{
    call("POST",
         QStringLiteral("/tickets/scan"),
         {{QStringLiteral("code"), code}},
         {},
         std::move(done));
}

void SalesClient::openShift(qint64 floatCents, const QString &drawer, Callback done)
{
    QJsonObject body{{QStringLiteral("float_cents"), floatCents}};
    if (!drawer.isEmpty())
        body.insert(QStringLiteral("drawer"), drawer);
    call("POST", QStringLiteral("/shifts"), body, {}, std::move(done));
}

void SalesClient::shiftReport(const QString &shiftId, Callback done)
{
    call("GET", u"/shifts/" + part(shiftId) + u"/report", {}, {}, std::move(done));
}

void SalesClient::currentShift(const QString &drawer, Callback done)
{
    call("GET",
         drawer.isEmpty() ? QStringLiteral("/shifts/current")
                          : u"/shifts/current?drawer=" + part(drawer),
         {},
         {},
         std::move(done));
}

void SalesClient::searchOrders(const QString &query, Callback done)
{
    call("GET", u"/orders?q=" + part(query.trimmed()), {}, {}, std::move(done));
}

void SalesClient::exchangeTicket(const QString &orderId,
                                 const QJsonObject &body,
                                 const QString &idempotencyKey,
                                 Callback done)
{
    call("POST",
         u"/orders/" + part(orderId) + u"/exchange",
         body,
         {{QByteArrayLiteral("Idempotency-Key"), idempotencyKey.toLatin1()}},
         std::move(done));
}

void SalesClient::markPrinted(const QString &orderId, const QStringList &ticketIds, Callback done)
{
    call("POST",
         u"/orders/" + part(orderId) + u"/printed",
         {{QStringLiteral("ticket_ids"), QJsonArray::fromStringList(ticketIds)}},
         {},
         std::move(done));
}

void SalesClient::closeShift(const QString &shiftId, qint64 countedCents, Callback done)
{
    call("POST",
         u"/shifts/" + part(shiftId) + u"/close",
         {{QStringLiteral("counted_cents"), countedCents}},
         {},
         std::move(done));
}

} // namespace boxoffice::client
