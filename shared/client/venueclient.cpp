// SPDX-License-Identifier: GPL-3.0-or-later
#include "venueclient.h"

namespace boxoffice::client {

VenueClient::VenueClient(QObject *parent)
    : HttpTransport(parent)
{
    setTransferTimeout(30'000); // a stadium's venue file is a few megabytes
}

void VenueClient::getVenue(const QString &id, Callback done)
{
    send("GET", u"/venues/" + segment(id), {}, {}, std::move(done));
}

void VenueClient::createVenue(const QByteArray &venueJson, Callback done)
{
    send("POST", QStringLiteral("/venues"), venueJson, {}, std::move(done));
}

void VenueClient::updateVenue(const QString &id,
                              const QString &version,
                              const QByteArray &venueJson,
                              Callback done)
{
    send("PUT",
         u"/venues/" + segment(id),
         venueJson,
         {{"If-Match", version.toUtf8()}},
         std::move(done));
}

} // namespace boxoffice::client
