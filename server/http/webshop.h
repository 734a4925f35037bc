// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "request.h"

#include <QDateTime>
#include <QHash>
#include <QHttpServerResponse>
#include <QMutex>
#include <QString>

#include <memory>

namespace boxoffice::server::http {

/// The fans' web shop's files (index.html + content-hashed assets/) served from one directory:
/// long caching for assets, no-cache for index.html, strong ETags, gzip (a precompressed `.gz`
/// beside the file, or compressed once and kept), and the security headers of every shop page.
/// Files are read once and kept until they change on disk. Paths never leave the directory.
class WebShop
{
public:
    /// `root`: the dist directory; `paymentOrigin`: where the shop's forms may post (the
    /// payment sandbox's hosted page), e.g. "http://127.0.0.1:8081".
    WebShop(QString root, QByteArray paymentOrigin);

    /// True when the directory has an index.html.
    bool isInstalled() const;
    const QString &root() const { return m_root; }
    /// The answer to a GET/HEAD of a non-API path: an asset, a top-level file, or index.html.
    QHttpServerResponse serve(const Request &request) const;

private:
    struct File
    {
        QByteArray body;
        QByteArray gzip; ///< empty when not worth compressing
        QByteArray etag;
        QByteArray mime;
        QDateTime modified;
        qint64 size = 0;
    };

    /// The file at `relative` (already checked), read or from the cache; nullptr if missing.
    std::shared_ptr<const File> load(const QString &relative) const;
    QHttpServerResponse answer(const Request &request,
                               const File &file,
                               const QByteArray &cacheControl) const;
    void addSecurityHeaders(QHttpServerResponse &response) const;

    QString m_root;
    QByteArray m_policy;
    mutable QMutex m_mutex;
    mutable QHash<QString, std::shared_ptr<const File>> m_files;
};

} // namespace boxoffice::server::http
