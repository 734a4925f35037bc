// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A venue as GET /venues lists it (domain/catalog.h names it).

#include <QString>

namespace boxoffice::server::db {

/// One stored venue without its document.
struct VenueSummary
{
    QString id;
    QString name;
    QString city;
    int version = 0;
    int seats = 0;
};

} // namespace boxoffice::server::db
