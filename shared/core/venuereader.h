// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>
#include <core/venueissue.h>

#include <QByteArrayView>

namespace boxoffice::core {

/// The outcome of reading a venue: the venue (as far as it could be read) and every problem.
struct VenueReadResult
{
    Venue venue;
    QList<VenueIssue> issues;

    /// True when there are no errors (warnings are allowed).
    bool ok() const;
    QList<VenueIssue> errors() const;
    QList<VenueIssue> warnings() const;
};

/// Reads `.venue.json` (docs/venue-format.md). Never crashes on any input; reports every problem
/// with its JSON path. Only use `venue` when ok().
class VenueReader
{
public:
    static constexpr qint64 kMaxInputBytes = 64 * 1024 * 1024;
    static constexpr int kFormatVersion = 1;
    static constexpr qint64 kMaxCapacity = 10'000'000;

    /// Reads a document held in memory; refuses input over kMaxInputBytes before parsing.
    static VenueReadResult read(QByteArrayView json);
    /// Reads a file; refuses files over kMaxInputBytes without reading them.
    static VenueReadResult readFile(const QString &path);
    /// Reads a file with `read` (this reader or another format's, such as pretix's) under the
    /// same limit.
    static VenueReadResult readFileWith(const QString &path,
                                        VenueReadResult (*read)(QByteArrayView));
};

} // namespace boxoffice::core
