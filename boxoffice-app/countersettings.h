// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace boxoffice::app {

/// This workstation's counter settings (QSettings): its drawer name, the venue time zone of the
/// last event sold (for shift reports), and where tickets and receipts print.
namespace CounterSettings {

/// Printer kinds: "pdf" (Qt Print Support or PDF files), "escpos" (receipt printers),
/// "fgl" (Boca ticket printers).
QString receiptPrinter();
QString ticketPrinter();
/// "host:9100" or a device path such as /dev/usb/lp0.
QString receiptTarget();
QString ticketTarget();
void setReceiptPrinter(const QString &kind, const QString &target);
void setTicketPrinter(const QString &kind, const QString &target);
/// Whether an ESC/POS receipt of a cash sale opens the drawer (ESC p).
bool kickDrawer();
void setKickDrawer(bool on);

/// The till of this workstation ("Counter 1"); default: the machine's host name.
QString drawer();
void setDrawer(const QString &name);

/// The IANA zone of the venue this counter sells for (set when an event opens).
QString timeZone();
void setTimeZone(const QString &zone);

} // namespace CounterSettings

} // namespace boxoffice::app
