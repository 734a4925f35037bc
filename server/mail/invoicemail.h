// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ticketmail.h"

#include <QByteArray>
#include <QString>

namespace boxoffice::server::mail {

/// An issued invoice as the mail sends it: its number, what it cancels, and the document.
struct InvoiceDocument
{
    QString number;  ///< HOUSE-000017
    QString cancels; ///< a cancellation invoice: the number it cancels (part of); else empty
    QString company;
    QByteArray pdf; ///< empty: no such invoice
};

/// The mail that carries an invoice (or a cancellation invoice) to the buyer, in their
/// language; `facts` names the order's event. The parts are those of the tickets mail, and
/// `attachmentName` is the PDF's file name.
TicketMailText composeInvoiceMail(const OrderMailFacts &facts, const InvoiceDocument &invoice);

} // namespace boxoffice::server::mail
