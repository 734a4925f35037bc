#pragma once

#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>

namespace boxoffice::client {

/// Talks to boxoffice-server's REST API; every call is asynchronous (never blocks the UI thread).
class ApiClient : public QObject
{
    Q_OBJECT
public:
    explicit ApiClient(QObject *parent = nullptr);

    void setBaseUrl(const QUrl &url);
    QUrl baseUrl() const { return m_baseUrl; }

private:
    QNetworkAccessManager m_network;
    QUrl m_baseUrl;
};

} // namespace boxoffice::client
