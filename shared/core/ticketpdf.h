// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace boxoffice::core {

/// One ticket's page, its texts already in the reader's language.
struct TicketPage
{
    QString heading; ///< "TICKET"
    QString title;   ///< the event
    QString venue;   ///< venue, city
    QString when;    ///< local date and time
    QString place;   ///< "Section A · Row 3 · Seat 12" or the GA zone
    QString price;   ///< "65.00 EUR"
    QString footer;  ///< "Order …", "Ticket 1 of 2"
    QString footer2;
    QString code; ///< what the QR code holds
};

/// Ticket PDFs (one A6 page per ticket: texts and a QR code drawn as vector squares, so it
/// scans at any zoom). Written by hand with the standard Helvetica fonts: no fonts, no GUI and
/// no painter needed, so a headless server can make them. Texts outside Latin-1 show as '?'.
class TicketPdf
{
public:
    static QByteArray write(const QList<TicketPage> &pages);
};

} // namespace boxoffice::core
