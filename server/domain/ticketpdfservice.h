// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "principal.h"

#include <QByteArray>
#include <QString>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::domain {

class CatalogService;
class OrderService;

/// An order's tickets as a PDF (core::TicketPdf): one page per valid ticket with event, venue,
/// local date and time, place, price, order id and the QR code of the ticket's code.
class TicketPdfService
{
public:
    TicketPdfService(db::Database &database, OrderService &orders, CatalogService &catalog);

    /// The PDF in `language` ("en" or "es"); throws Error: 404 for an unknown order or another
    /// fan's (staff see every order), 409 `invalid_state` when it has no valid ticket.
    QByteArray pdf(const Principal &caller, const QString &orderId, const QString &language);

private:
    db::Database &m_database;
    OrderService &m_orders;
    CatalogService &m_catalog;
};

} // namespace boxoffice::server::domain
