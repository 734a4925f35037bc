// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoices.h"

#include "error.h"
#include "ids.h"

#include "auth/role.h"
#include "db/auditrepository.h"
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

Error unknownEvent()
{
    return Error(ErrorCode::NotFound, QStringLiteral("no such event"));
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

Result<db::EventOrganiser> Invoices::organiser(const QString &eventId)
{
    std::optional<db::EventOrganiser> out;
    if (isUuid(eventId))
        m_database.transact(
            [&](db::Tx &tx) { out = db::InvoiceRepository::organiser(tx, eventId); });
    if (!out)
        return unknownEvent();
    return *out;
}

Result<db::EventOrganiser> Invoices::setOrganiser(const Principal &manager,
                                                  const QString &eventId,
                                                  const QString &organiser)
{
    if (!isUuid(eventId))
        return unknownEvent();
    std::optional<db::EventOrganiser> out;
    m_database.transact([&](db::Tx &tx) {
        const auto before = db::InvoiceRepository::setOrganiser(tx, eventId, organiser);
        if (!before)
            return;
        if (*before != organiser) {
            db::AuditEntry entry{.actor = manager.subject,
                                 .action = QStringLiteral("event.organiser"),
                                 .eventId = eventId,
                                 .subject = eventId};
            entry.before.insert(QStringLiteral("organiser"), *before);
            entry.after.insert(QStringLiteral("organiser"), organiser);
            db::AuditRepository::record(tx, entry);
        }
        out = db::InvoiceRepository::organiser(tx, eventId);
    });
    if (!out)
        return unknownEvent();
    return *out;
}

} // namespace boxoffice::server::domain
