// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A venue's sellable layout as db stores it (domain/venuelayout.h names it).

#include <QList>
#include <QPointF>
#include <QString>

namespace boxoffice::server::db {

/// What the server needs of a venue to sell it: seats in row order, GA areas, categories.
struct VenueLayout
{
    struct SeatInfo
    {
        QString id;
        QString section;
        QString row;
        QString number;
        QString category;
        double x = 0;
        double y = 0;
        int rowIndex = 0;  ///< row position across the venue's sections
        int seatIndex = 0; ///< position of the seat in its row
        bool blocked = false;
    };
    struct GaInfo
    {
        QString id;
        QString name;
        QString category;
        int capacity = 0;
    };
    struct CategoryInfo
    {
        QString id;
        QString name;
        QString color;
    };

    QString id;
    QString name;
    QString city;
    double lat = 0;
    double lng = 0;
    bool hasLocation = false;
    QString timeZone; ///< IANA id: the document's, or the server's default
    QPointF focalPoint;
    QList<CategoryInfo> categories;
    QList<SeatInfo> seats;
    QList<GaInfo> ga;
};

} // namespace boxoffice::server::db
