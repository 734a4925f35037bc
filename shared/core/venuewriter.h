// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QByteArray>

namespace boxoffice::core {

/// Writes `.venue.json` (docs/venue-format.md): stable key order, one seat per line, numbers in
/// their shortest exact form, so write(read(write(v))) == write(v) byte for byte.
class VenueWriter
{
public:
    /// The venue as `.venue.json` text (UTF-8). Non-finite numbers are written as 0.
    static QByteArray write(const Venue &venue);
    /// Writes atomically (QSaveFile); on failure returns false and sets `error`.
    static bool writeFile(const Venue &venue, const QString &path, QString *error = nullptr);
};

} // namespace boxoffice::core
