// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QList>
#include <QPainter>
#include <QString>

#include <optional>

class QPagedPaintDevice;
class QPrinter;

namespace boxoffice::app {

/// One ticket as printed.
struct PrintedTicket
{
    QString ticketId;
    QString code;             ///< the signed code the QR encodes
    QString place;            ///< "Stalls · Row 3 · Seat 12" or the GA zone
    qint64 priceCents = 0;    ///< what it was sold for, with tax and any discount
    QString typeName;         ///< "Student": its ticket type, if any
    qint64 discountCents = 0; ///< a promo code's discount within the price
};

/// An order as printed: tickets plus the receipt.
struct PrintedOrder
{
    QString orderId;
    QString eventTitle;
    QString venueName;
    QDateTime startsAt; ///< UTC
    QString timeZone;   ///< the venue's IANA zone: tickets and receipts show its local time
    QString currency;
    QList<PrintedTicket> tickets;
    qint64 feeCents = 0; ///< booking fees (tickets' and the order's), with their tax
    qint64 taxCents = 0; ///< the tax within the total
    QString taxName;     ///< "VAT", "IVA" (empty: "tax")
    qint64 totalCents = 0;
    QString method;                          ///< cash, card_present, comp, split
    QList<std::pair<QString, qint64>> parts; ///< split: method and amount of each part
    qint64 tenderedCents = 0;
    qint64 changeCents = 0;
    QString reference; ///< card reference or comp reason
    QString clerk;
    QDateTime printedAt = QDateTime::currentDateTimeUtc();
};

/// "Cash", "Card", "Complimentary", "Split" in the UI language.
QString paymentMethodName(const QString &method);

/// One line of a receipt above the total: a ticket, its discount, the fees.
struct ReceiptItem
{
    QString text;
    std::optional<qint64> cents; ///< none: a heading (a typed ticket's place)
};
/// What a receipt lists above the total (adds up to it), in the UI language; the same on the
/// PDF and the thermal printer.
QList<ReceiptItem> receiptItems(const PrintedOrder &order);
/// "Including VAT" under the total (empty when the order carries no tax).
QString receiptTaxLine(const PrintedOrder &order);

/// Lays out tickets (one page each: event, venue, date, place, price, order number, QR code of
/// the ticket code) and the receipt, on a printer, a PDF or an image.
class TicketPrinter
{
public:
    /// Prints every ticket and then the receipt; false when the device cannot be painted on.
    static bool print(QPagedPaintDevice *device, const PrintedOrder &order, bool receipt = true);
    /// Prints to a PDF file.
    static bool printPdf(const QString &path, const PrintedOrder &order, bool receipt = true);
    /// Paints ticket `index` into `page` (device coordinates).
    static void paintTicket(QPainter &painter,
                            const QRectF &page,
                            const PrintedOrder &order,
                            int index);
    static void paintReceipt(QPainter &painter, const QRectF &page, const PrintedOrder &order);
    /// Ticket `index` rendered to an image (for previews and checks).
    static QImage ticketImage(const PrintedOrder &order, int index, QSize size = {827, 1169});
};

} // namespace boxoffice::app
