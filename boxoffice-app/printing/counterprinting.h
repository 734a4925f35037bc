// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../ticketprinter.h"

#include <QObject>

#include <functional>

namespace boxoffice::app {

class RawPrinter;

/// Prints an order at the counter the way this workstation is set up (CounterSettings): tickets
/// as PDF/Qt printer pages, on a Boca FGL ticket printer or an ESC/POS printer; the receipt as
/// a PDF page or on an ESC/POS receipt printer (cut, and the drawer kick for cash).
class CounterPrinting : public QObject
{
    Q_OBJECT
public:
    explicit CounterPrinting(QObject *parent = nullptr);

    /// `done(message, pdfFile)`: what to tell the clerk, and the PDF written ("" when none).
    using Done = std::function<void(const QString &message, const QString &pdfFile)>;
    /// Prints the tickets and, when `receipt`, the receipt.
    void print(const PrintedOrder &order, bool receipt, Done done);

    /// ESC/POS bytes of the receipt (with the drawer kick when `kickDrawer`).
    static QByteArray escPosReceipt(const PrintedOrder &order, bool kickDrawer);
    /// ESC/POS bytes of the tickets (one cut per ticket).
    static QByteArray escPosTickets(const PrintedOrder &order);
    /// Boca FGL bytes of the tickets (one `<p>` per ticket).
    static QByteArray fglTickets(const PrintedOrder &order);

private:
    QString printPdf(const PrintedOrder &order, bool tickets, bool receipt, QString *file);

    RawPrinter *m_raw;
};

} // namespace boxoffice::app
