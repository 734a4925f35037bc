#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

class QHttpServerRequest;

namespace boxoffice::server::http {

/// A copy of what a handler needs from a request, safe to carry to a worker thread
/// (QHttpServerRequest lives only as long as the synchronous part of the route).
struct Request
{
    QByteArray method;
    QUrl url;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QString remoteAddress; ///< the peer's IP (per-IP rate limits)

    static Request from(const QHttpServerRequest &request);
    /// The first header named `name` (case-insensitive), or empty.
    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
};

} // namespace boxoffice::server::http
