// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/blockinghttpclient.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <memory>

namespace boxoffice::server::payments {

HttpExchange BlockingHttpClient::send(const QByteArray &method,
                                      const QUrl &url,
                                      const Headers &headers,
                                      const QByteArray &body,
                                      int timeoutMs)
{
    HttpExchange exchange;
    if (!url.isValid()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        exchange.networkError = QStringLiteral("invalid provider URL");
        return exchange;
    }

    // Everything lives in this thread and dies before we return, so no object outlives the
    // call or needs an event loop later.
    QNetworkAccessManager manager;
    manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);

    std::unique_ptr<QNetworkReply> reply;
    if (method == "GET")
        reply.reset(manager.get(request));
    else
        reply.reset(manager.sendCustomRequest(request, method, body));

    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        exchange.timedOut = true;
        reply->abort();
        loop.quit();
    });
    deadline.start(timeoutMs);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    deadline.stop();

    if (exchange.timedOut) {
        exchange.networkError = QStringLiteral("timed out after %1 ms").arg(timeoutMs);
        return exchange;
    }
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (status.isValid()) {
        exchange.status = status.toInt();
        exchange.body = reply->readAll();
    } else {
        exchange.networkError = reply->errorString();
    }
    return exchange;
}

} // namespace boxoffice::server::payments
