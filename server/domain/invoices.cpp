// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoices.h"

#include "error.h"
#include "ids.h"

#include "auth/role.h"
#include "db/database.h"
#include "db/invoicerepository.h"
#include "db/orderrepository.h"

namespace boxoffice::server::domain {

namespace {

// The order, if the caller may see it: its owner, or staff. Another's is not found.
db::Order visibleOrder(db::Tx &tx, const Principal &caller, const QString &orderId, bool lock)
{
    const Error noSuchOrder(ErrorCode::NotFound, QStringLiteral("no such order"));
    if (!isUuid(orderId))
        throw noSuchOrder;
    auto order = db::OrderRepository::load(tx, orderId, lock);
    if (!order || (order->owner != caller.subject && !auth::hasRole(caller.role, auth::Role::Clerk)))
        throw noSuchOrder;
    return *order;
}

} // namespace

Invoices::Invoices(db::Database &database, Seller seller)
    : m_database(database)
    , m_seller(std::move(seller))
{}

Result<QList<db::Invoice>> Invoices::addBilling(const Principal &caller,
                                                const QString &orderId,
                                                const db::Billing &billing)
{
    return resultOf([&] {
        QList<db::Invoice> out;
        m_database.transact([&](db::Tx &tx) {
            const db::Order order = visibleOrder(tx, caller, orderId, true);
            if (order.status != u"pending" && order.status != u"paid")
                throw Error(ErrorCode::InvalidState,
                            QStringLiteral("a %1 order gets no invoice").arg(order.status));
            if (!db::InvoiceRepository::addBilling(tx, orderId, billing))
                throw Error(ErrorCode::InvalidState,
                            QStringLiteral("this order has billing details already"));
            out = db::InvoiceRepository::forOrder(tx, orderId);
        });
        return out;
    });
}

Result<QList<db::Invoice>> Invoices::forOrder(const Principal &caller, const QString &orderId)
{
    return resultOf([&] {
        QList<db::Invoice> out;
        m_database.transact([&](db::Tx &tx) {
            visibleOrder(tx, caller, orderId, false);
            out = db::InvoiceRepository::forOrder(tx, orderId);
        });
        return out;
    });
}

} // namespace boxoffice::server::domain
