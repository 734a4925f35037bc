// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::domain {

/// Whom a counter sale's tickets are mailed to (optional: the clerk asks the fan); read from
/// `email` and `locale` by api::parseSaleContact.
struct SaleContact
{
    QString email;
    QString locale; ///< en, es, ...
};

} // namespace boxoffice::server::domain
