#pragma once

#include <QJsonArray>
#include <QList>
#include <QPointF>
#include <QString>

namespace boxoffice::server::domain {

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

/// One problem in an uploaded venue, with its JSON path.
struct VenueProblem
{
    QString path;
    QString message;
};

/// The formats POST /venues accepts.
enum class VenueFormat { Venue, Pretix };

/// A venue upload read by shared/core (VenueReader or PretixImporter).
struct VenueUpload
{
    VenueLayout layout;
    QByteArray document;          ///< what to store: the `.venue.json` text, with its id
    QList<VenueProblem> problems; ///< errors only; non-empty means the upload is refused
};

/// Reads an upload into a layout; a missing venue id becomes `fallbackId`, a missing time zone
/// `defaultTimeZone` (written into the stored document, so GET /venues/{id} answers it).
VenueUpload readVenueUpload(const QByteArray &json,
                            VenueFormat format,
                            const QString &fallbackId,
                            const QString &defaultTimeZone = QStringLiteral("UTC"));
/// The problems as the API's `errors` list: [{"path","message"}].
QJsonArray problemsJson(const QList<VenueProblem> &problems);

} // namespace boxoffice::server::domain
