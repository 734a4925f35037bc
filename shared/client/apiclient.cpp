#include "apiclient.h"

namespace boxoffice::client {

ApiClient::ApiClient(QObject *parent)
    : QObject(parent)
{}

void ApiClient::setBaseUrl(const QUrl &url)
{
    m_baseUrl = url;
}

} // namespace boxoffice::client
