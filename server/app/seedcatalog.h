// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QTextStream;

namespace boxoffice::server {
namespace domain {
class CatalogService;
}

/// Adds the demo catalog for search: venues in several cities and a few dozen events with
/// accented artist names. Does nothing when it is already there.
void seedCatalog(domain::CatalogService &catalog, QTextStream &out);

} // namespace boxoffice::server
