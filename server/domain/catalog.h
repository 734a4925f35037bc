// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What CatalogService answers. Venue and event documents are JSON text as the
// database stores or builds them, so they stay bytes here (api/catalogcodec reads them).

#include "db/rows/venuesummary.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace boxoffice::server::domain {

using db::VenueSummary;

/// A venue just created or updated.
struct SavedVenue
{
    QString id;
    int version = 0;
    int seats = 0;
};

/// A stored venue: its document (JSON text) and the version If-Match names.
struct StoredVenue
{
    QByteArray document;
    int version = 0;
};

/// An event: its id and the Event object of API.md as JSON text (empty when it could not be
/// read back right after creation).
struct EventDocument
{
    QString id;
    QByteArray document;
};

} // namespace boxoffice::server::domain
