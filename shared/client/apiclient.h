#pragma once

#include <QJsonObject>
#include <QNetworkAccessManager>
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

/// Talks to boxoffice-server's REST API; every call is asynchronous (never blocks the UI thread)
/// and answers through its callback on the caller's thread.
class ApiClient : public QObject
{
    Q_OBJECT
public:
    using Callback = std::function<void(const ApiResult &)>;

    explicit ApiClient(QObject *parent = nullptr);

    void setBaseUrl(const QUrl &url);
    QUrl baseUrl() const { return m_baseUrl; }
    void setAccessToken(const QString &token) { m_token = token; }
    QString accessToken() const { return m_token; }

    /// POST /auth/login; on success keeps the access token for later calls.
    void login(const QString &username, const QString &password, Callback done);
    /// GET /venues/{id}.
    void getVenue(const QString &id, Callback done);
    /// POST /venues with a `.venue.json` body -> {"id","version","seats"}.
    void createVenue(const QByteArray &venueJson, Callback done);
    /// PUT /venues/{id} with If-Match: `version`; 409 version_conflict when it is stale.
    void updateVenue(const QString &id,
                     const QString &version,
                     const QByteArray &venueJson,
                     Callback done);

private:
    void send(const QByteArray &verb,
              const QString &path,
              const QByteArray &body,
              const QList<QPair<QByteArray, QByteArray>> &headers,
              Callback done);

    QNetworkAccessManager m_network;
    QUrl m_baseUrl;
    QString m_token;
};

} // namespace boxoffice::client
