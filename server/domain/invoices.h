// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"
#include "result.h"

#include "db/rows/invoice.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

/// Who sells, as every invoice names them (configuration: BOXOFFICE_SELLER_NAME, ..._ADDRESS,
/// ..._VAT).
struct Seller
{
    QString name;
    QString address;
    QString vatNumber;
};

/// Invoices on request (issue 28 item 5, docs/pricing.md): the buyer or a clerk adds billing
/// details to an order; the database issues the invoice when the order is paid (or at once when
/// it is) with the organiser's next number, and a cancellation invoice for each refund.
class Invoices
{
public:
    Invoices(db::Database &database, Seller seller);

    /// The order's billing details (its owner or staff; once). InvalidState for an order that is
    /// not waiting for payment or paid, or that has details already. The invoices now.
    Result<QList<db::Invoice>> addBilling(const Principal &caller,
                                          const QString &orderId,
                                          const db::Billing &billing);
    /// The order's invoice and cancellation invoices (its owner or staff).
    Result<QList<db::Invoice>> forOrder(const Principal &caller, const QString &orderId);
    /// The event's organiser and the last number of their series (staff). NotFound for an
    /// unknown event.
    Result<db::EventOrganiser> organiser(const QString &eventId);
    /// Names the event's organiser (a manager; the codec checks the name), audited as
    /// `event.organiser`: invoices issued from now on are numbered in their series.
    Result<db::EventOrganiser> setOrganiser(const Principal &manager,
                                            const QString &eventId,
                                            const QString &organiser);
    const Seller &seller() const { return m_seller; }

private:
    db::Database &m_database;
    Seller m_seller;
};

} // namespace boxoffice::server::domain
