// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>

namespace boxoffice::client {

/// The outcome of one API call: HTTP status, JSON body (a problem object on errors).
struct ApiResult
{
    int status = 0; ///< 0 when the server could not be reached
    QJsonObject body;
    QString error; ///< network error or the problem's title/detail, for people
    QByteArray etag;
    QByteArray raw; ///< the answer's bytes when they are not a JSON object (a PDF)

    bool ok() const { return status >= 200 && status < 300; }
    /// The problem's machine code ("version_conflict", ...), if any.
    QString code() const { return body.value(QLatin1StringView("code")).toString(); }
};

/// `done`, but only while `receiver` exists: for answers that may arrive after a dialog that
/// asked was closed and deleted.
template<typename Done>
std::function<void(const ApiResult &)> whileAlive(QObject *receiver, Done done)
{
    return [guard = QPointer<QObject>(receiver), done = std::move(done)](const ApiResult &result) {
        if (guard)
            done(result);
    };
}

/// The apps' one way to the server's REST API: base URL, bearer token, JSON in and out, problem
/// objects turned into ApiResult::error. Every call is asynchronous (never blocks the UI thread)
/// and answers through its callback on the caller's thread. The typed APIs (SalesClient,
/// VenueClient) are thin layers of paths and bodies on top.
class HttpTransport : public QObject
{
    Q_OBJECT
public:
    using Callback = std::function<void(const ApiResult &)>;
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    explicit HttpTransport(QObject *parent = nullptr);

    void setBaseUrl(const QUrl &url) { m_baseUrl = url; }
    QUrl baseUrl() const { return m_baseUrl; }
    void setAccessToken(const QString &token) { m_token = token; }
    QString accessToken() const { return m_token; }
    /// How long a call may take before it fails with status 0 (default 20 s).
    void setTransferTimeout(int ms) { m_network.setTransferTimeout(ms); }

    /// POST /auth/login; on success keeps the access token for later calls.
    void login(const QString &username, const QString &password, Callback done);

    /// `verb` on `pathAndQuery` (the query already encoded) with a raw JSON `body` (sent as
    /// application/json when not empty, or always for POST/PUT).
    void send(const QByteArray &verb,
              const QString &pathAndQuery,
              const QByteArray &body,
              const Headers &headers,
              Callback done);
    /// The same with a JSON object body (POST, PUT and PATCH only; other verbs send none).
    void call(const QByteArray &verb,
              const QString &pathAndQuery,
              const QJsonObject &body = {},
              const Headers &headers = {},
              Callback done = {});

    /// A GET whose answer the caller reads itself as it arrives (a file download: FileDownload);
    /// the reply is the caller's to delete.
    QNetworkReply *get(const QString &pathAndQuery, const QByteArray &accept);

    /// `id` made safe as one path segment.
    static QString segment(const QString &id);

private:
    QNetworkRequest request(const QString &pathAndQuery, const QByteArray &accept) const;

    QNetworkAccessManager m_network;
    QUrl m_baseUrl;
    QString m_token;
};

} // namespace boxoffice::client
