// SPDX-License-Identifier: GPL-3.0-or-later
#include "orderreturnurls.h"

#include "statement.h"

namespace boxoffice::server::db {

namespace {
const Statement kSet{"order_return_url_set",
                     "UPDATE orders SET return_url = $2 WHERE id = $1::uuid"};
const Statement kGet{"order_return_url_get", "SELECT return_url FROM orders WHERE id = $1::uuid"};
} // namespace

void OrderReturnUrls::set(Tx &tx, const QString &orderId, const QString &url)
{
    exec(tx, kSet, str(orderId), str(url));
}

QString OrderReturnUrls::get(Tx &tx, const QString &orderId)
{
    const auto result = exec(tx, kGet, str(orderId));
    return result.empty() ? QString() : qstr(result[0][0]);
}

} // namespace boxoffice::server::db
