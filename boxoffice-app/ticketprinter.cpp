// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketprinter.h"

#include "eventinfo.h"
#include "qrcode.h"

#include <core/localtime.h>

#include <QCoreApplication>
#include <QImage>
#include <QLocale>
#include <QPrinter>

namespace boxoffice::app {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("boxoffice::app::TicketPrinter", text);
}

} // namespace

QString paymentMethodName(const QString &method)
{
    if (method == u"cash")
        return tr("Cash");
    if (method == u"card_present")
        return tr("Card");
    if (method == u"comp")
        return tr("Complimentary");
    if (method == u"split")
        return tr("Split: cash and card");
    return method;
}

QList<ReceiptItem> receiptItems(const PrintedOrder &order)
{
    QList<ReceiptItem> out;
    for (const PrintedTicket &t : order.tickets) {
        // The type on a line of its own: a narrow receipt keeps the place whole.
        if (t.typeName.isEmpty()) {
            out.append({t.place, t.priceCents + t.discountCents});
        } else {
            out.append({t.place, std::nullopt});
            out.append({QStringLiteral("  ") + t.typeName, t.priceCents + t.discountCents});
        }
        if (t.discountCents > 0)
            out.append({QStringLiteral("  ") + tr("Discount"), -t.discountCents});
    }
    if (order.feeCents > 0)
        out.append({tr("Booking fees"), order.feeCents});
    return out;
}

QString receiptTaxLine(const PrintedOrder &order)
{
    if (order.taxCents <= 0)
        return {};
    return tr("Including %1").arg(order.taxName.isEmpty() ? tr("tax") : order.taxName);
}

namespace {

QFont font(const QRectF &page, double share, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(qMax(6, int(page.height() * share)));
    f.setBold(bold);
    return f;
}
} // namespace

void TicketPrinter::paintTicket(QPainter &painter,
                                const QRectF &page,
                                const PrintedOrder &order,
                                int index)
{
    const PrintedTicket &ticket = order.tickets.at(index);
    const double m = page.width() * 0.06;
    const QRectF area = page.adjusted(m, m, -m, -m);
    painter.save();
    painter.fillRect(page, Qt::white);
    painter.setPen(QPen(QColor(0x1f, 0x3a, 0x5f), page.width() * 0.004));
    painter.drawRoundedRect(area, m * 0.3, m * 0.3);
    const QRectF inner = area.adjusted(m * 0.5, m * 0.5, -m * 0.5, -m * 0.5);
    double y = inner.top();
    auto line = [&](const QString &text, const QFont &f, const QColor &colour = Qt::black) {
        painter.setFont(f);
        painter.setPen(colour);
        const QRectF r(inner.left(), y, inner.width(), QFontMetricsF(f).height() * 1.25);
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, text);
        y = r.bottom();
    };
    line(tr("TICKET"), font(page, 0.018, true), QColor(0x1f, 0x3a, 0x5f));
    line(order.eventTitle, font(page, 0.04, true));
    line(order.venueName, font(page, 0.022));
    line(core::LocalTime::longDateTime(order.startsAt, order.timeZone), font(page, 0.02));
    y += m * 0.4;
    line(ticket.place, font(page, 0.03, true));
    line(formatMoney(ticket.priceCents, order.currency), font(page, 0.024));
    line(tr("Order %1").arg(order.orderId), font(page, 0.014), Qt::darkGray);
    line(tr("Ticket %1 of %2").arg(index + 1).arg(order.tickets.size()),
         font(page, 0.014),
         Qt::darkGray);
    // The QR code: integer pixels per module so scanners read it at any print resolution.
    const int modules = QrCode::moduleCount(ticket.code) + 8;
    const double side = qMin(inner.width() * 0.7, inner.bottom() - y - m);
    if (modules > 8 && side > 0) {
        const int moduleSize = qMax(1, int(side / modules));
        const QImage qr = QrCode::encode(ticket.code, moduleSize);
        const QRectF target(inner.center().x() - qr.width() / 2.0,
                            y + (inner.bottom() - y - qr.height()) / 2.0,
                            qr.width(),
                            qr.height());
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(target, qr);
    }
    painter.restore();
}

void TicketPrinter::paintReceipt(QPainter &painter, const QRectF &page, const PrintedOrder &order)
{
    const double m = page.width() * 0.08;
    const QRectF inner = page.adjusted(m, m, -m, -m);
    painter.save();
    painter.fillRect(page, Qt::white);
    double y = inner.top();
    auto row = [&](const QString &left, const QString &right, const QFont &f) {
        painter.setFont(f);
        painter.setPen(Qt::black);
        const QRectF r(inner.left(), y, inner.width(), QFontMetricsF(f).height() * 1.3);
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, left);
        painter.drawText(r, Qt::AlignRight | Qt::AlignVCenter, right);
        y = r.bottom();
    };
    row(tr("RECEIPT"), QString(), font(page, 0.03, true));
    row(order.eventTitle, QString(), font(page, 0.02, true));
    row(order.venueName,
        core::LocalTime::shortDateTime(order.startsAt, order.timeZone),
        font(page, 0.016));
    row(tr("Order %1").arg(order.orderId), QString(), font(page, 0.013));
    y += m * 0.3;
    for (const ReceiptItem &item : receiptItems(order))
        row(item.text,
            item.cents ? formatMoney(*item.cents, order.currency) : QString(),
            font(page, 0.016));
    y += m * 0.2;
    painter.drawLine(QPointF(inner.left(), y), QPointF(inner.right(), y));
    row(tr("Total"), formatMoney(order.totalCents, order.currency), font(page, 0.022, true));
    if (const QString tax = receiptTaxLine(order); !tax.isEmpty())
        row(tax, formatMoney(order.taxCents, order.currency), font(page, 0.014));
    row(tr("Paid by"), paymentMethodName(order.method), font(page, 0.016));
    for (const auto &[method, cents] : order.parts)
        row(QStringLiteral("  ") + paymentMethodName(method),
            formatMoney(cents, order.currency),
            font(page, 0.016));
    if (order.method == u"cash" || (order.method == u"split" && order.tenderedCents > 0)) {
        row(tr("Tendered"), formatMoney(order.tenderedCents, order.currency), font(page, 0.016));
        row(tr("Change"), formatMoney(order.changeCents, order.currency), font(page, 0.016, true));
    } else if (!order.reference.isEmpty()) {
        row(order.method == u"comp" ? tr("Reason") : tr("Reference"),
            order.reference,
            font(page, 0.016));
    }
    if (!order.clerk.isEmpty())
        row(tr("Served by"), order.clerk, font(page, 0.013));
    row(core::LocalTime::shortDateTime(order.printedAt, order.timeZone),
        QString(),
        font(page, 0.013));
    painter.restore();
}

bool TicketPrinter::print(QPagedPaintDevice *device, const PrintedOrder &order, bool receipt)
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    const QRectF page(QPointF(0, 0), QSizeF(device->width(), device->height()));
    for (int i = 0; i < order.tickets.size(); ++i) {
        if (i > 0)
            device->newPage();
        paintTicket(painter, page, order, i);
    }
    if (receipt) {
        if (!order.tickets.isEmpty())
            device->newPage();
        paintReceipt(painter, page, order);
    }
    return painter.end();
}

bool TicketPrinter::printPdf(const QString &path, const PrintedOrder &order, bool receipt)
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path);
    printer.setPageSize(QPageSize(QPageSize::A6));
    printer.setResolution(300);
    return print(&printer, order, receipt);
}

QImage TicketPrinter::ticketImage(const PrintedOrder &order, int index, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    paintTicket(painter, QRectF(QPointF(0, 0), QSizeF(size)), order, index);
    return image;
}

} // namespace boxoffice::app
