// SPDX-License-Identifier: GPL-3.0-or-later
#include "venuelayout.h"

#include <core/pretiximporter.h>
#include <core/rowadjacency.h>
#include <core/venuereader.h>
#include <core/venuewriter.h>

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::server::domain {

namespace {

// Seats in the order they sit along each row; a gap (aisle, wide spacing) between two seats
// skips one position, so best-available never calls them adjacent.
void addSeats(const core::Venue &venue, VenueLayout &layout)
{
    int rowIndex = 0;
    for (const core::Section &section : venue.sections) {
        for (const core::Row &row : section.rows) {
            const core::RowAdjacency adjacency(row);
            int position = 0;
            for (const QList<int> &block : adjacency.blocks()) {
                for (const int index : block) {
                    const core::Seat &seat = row.seats.at(index);
                    VenueLayout::SeatInfo info;
                    info.id = seat.id;
                    info.section = section.id;
                    info.row = row.label.isEmpty() ? row.id : row.label;
                    info.number = seat.number.isEmpty() ? seat.id : seat.number;
                    info.category = seat.categoryId;
                    info.x = seat.position.x();
                    info.y = seat.position.y();
                    info.rowIndex = rowIndex;
                    info.seatIndex = position++;
                    layout.seats.append(info);
                }
                ++position;
            }
            ++rowIndex;
        }
    }
}

VenueLayout toLayout(const core::Venue &venue, const QJsonObject &raw)
{
    VenueLayout layout;
    layout.id = venue.id;
    layout.name = venue.name.isEmpty() ? venue.id : venue.name;
    // Where the venue is (for search) is the server's addition to the format: optional
    // top-level "city", "lat", "lng" (the reader warns about them and goes on).
    layout.city = raw.value(u"city").toString();
    if (raw.value(u"lat").isDouble() && raw.value(u"lng").isDouble()) {
        layout.lat = raw.value(u"lat").toDouble();
        layout.lng = raw.value(u"lng").toDouble();
        layout.hasLocation = layout.lat >= -90 && layout.lat <= 90 && layout.lng >= -180
                             && layout.lng <= 180;
    }
    layout.focalPoint = venue.focalPoint;
    for (const core::Category &category : venue.categories)
        layout.categories.append({category.id, category.name, category.colour.name(QColor::HexRgb)});
    addSeats(venue, layout);
    for (const core::GaArea &area : venue.gaAreas)
        layout.ga.append(
            {area.id, area.name.isEmpty() ? area.id : area.name, area.categoryId, area.capacity});
    return layout;
}

} // namespace

VenueUpload readVenueUpload(const QByteArray &json,
                            VenueFormat format,
                            const QString &fallbackId,
                            const QString &defaultTimeZone)
{
    VenueUpload upload;
    core::VenueReadResult result = format == VenueFormat::Pretix ? core::PretixImporter::read(json)
                                                                 : core::VenueReader::read(json);
    for (const core::VenueIssue &issue : result.errors())
        upload.problems.append({issue.path, issue.message});
    if (!upload.problems.isEmpty())
        return upload;
    if (result.venue.seatCount() == 0 && result.venue.gaAreas.isEmpty()) {
        upload.problems.append(
            {QStringLiteral("$"), QStringLiteral("the venue has no seats and no GA areas")});
        return upload;
    }
    const QJsonObject raw = format == VenueFormat::Venue ? QJsonDocument::fromJson(json).object()
                                                         : QJsonObject();
    if (result.venue.id.isEmpty())
        result.venue.id = fallbackId;
    if (result.venue.timeZone.isEmpty())
        result.venue.timeZone = defaultTimeZone;
    upload.layout = toLayout(result.venue, raw);
    upload.layout.timeZone = result.venue.timeZone;
    if (format == VenueFormat::Venue && raw.value(u"id").toString() == result.venue.id
        && raw.value(u"time_zone").toString() == result.venue.timeZone) {
        upload.document = json; // kept as uploaded (with its extra fields)
    } else if (format == VenueFormat::Venue) {
        QJsonObject withId = raw;
        withId.insert(QStringLiteral("id"), result.venue.id);
        withId.insert(QStringLiteral("time_zone"), result.venue.timeZone);
        upload.document = QJsonDocument(withId).toJson(QJsonDocument::Compact);
    } else {
        upload.document = core::VenueWriter::write(result.venue);
    }
    return upload;
}

} // namespace boxoffice::server::domain
