// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <client/httptransport.h>

namespace boxoffice::client {

/// The venue editor's calls (publishing a `.venue.json`), on the apps' one HTTP transport.
class VenueClient : public HttpTransport
{
    Q_OBJECT
public:
    explicit VenueClient(QObject *parent = nullptr);

    /// GET /venues/{id}.
    void getVenue(const QString &id, Callback done);
    /// POST /venues with a `.venue.json` body -> {"id","version","seats"}.
    void createVenue(const QByteArray &venueJson, Callback done);
    /// PUT /venues/{id} with If-Match: `version`; 409 version_conflict when it is stale.
    void updateVenue(const QString &id,
                     const QString &version,
                     const QByteArray &venueJson,
                     Callback done);
};

} // namespace boxoffice::client
