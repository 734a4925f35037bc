// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::server::db {

class Tx;

/// The return URL of online orders (column orders.return_url): kept apart from the order rows'
/// reads so that only the online checkout pays for it.
class OrderReturnUrls
{
public:
    static void set(Tx &tx, const QString &orderId, const QString &url);
    /// Empty when the order has none.
    static QString get(Tx &tx, const QString &orderId);
};

} // namespace boxoffice::server::db
