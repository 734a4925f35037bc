// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "db/rows/venuelayout.h"
#include "error.h"

#include <QList>
#include <QPointF>
#include <QString>

namespace boxoffice::server::domain {

using db::VenueLayout;

/// One problem in an uploaded venue, with its JSON path (refused uploads list them as `errors`).
using VenueProblem = ErrorIssue;

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

} // namespace boxoffice::server::domain
