// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterprinting.h"

#include "../countersettings.h"
#include "../eventinfo.h"
#include "escposencoder.h"
#include "fglencoder.h"
#include "rawprinter.h"

#include <core/localtime.h>

#include <QCoreApplication>
#include <QDir>
#include <QPrinter>
#include <QPrinterInfo>
#include <QStandardPaths>

#include <memory>

namespace boxoffice::app {

namespace {

// The printed words are the PDF's (TicketPrinter's translations).
QString word(const char *text)
{
    return QCoreApplication::translate("boxoffice::app::TicketPrinter", text);
}

} // namespace

CounterPrinting::CounterPrinting(QObject *parent)
    : QObject(parent)
    , m_raw(new RawPrinter(this))
{}

QByteArray CounterPrinting::escPosReceipt(const PrintedOrder &order, bool kickDrawer)
{
    EscPosEncoder e;
    e.centred(true).bold(true).doubleSize(true).line(word("RECEIPT")).doubleSize(false);
    e.line(order.eventTitle).bold(false);
    e.line(order.venueName);
    e.line(core::LocalTime::shortDateTime(order.startsAt, order.timeZone));
    e.centred(false).line().line(word("Order %1").arg(order.orderId)).line();
    for (const ReceiptItem &item : receiptItems(order)) {
        if (item.cents)
            e.columns(item.text, formatMoney(*item.cents, order.currency));
        else
            e.line(item.text);
    }
    e.line(QString(42, u'-'));
    e.bold(true).columns(word("Total"), formatMoney(order.totalCents, order.currency)).bold(false);
    if (const QString tax = receiptTaxLine(order); !tax.isEmpty())
        e.columns(tax, formatMoney(order.taxCents, order.currency));
    e.columns(word("Paid by"), paymentMethodName(order.method));
    for (const auto &[method, cents] : order.parts)
        e.columns(QStringLiteral("  ") + paymentMethodName(method),
                  formatMoney(cents, order.currency));
    if (order.tenderedCents > 0) {
        e.columns(word("Tendered"), formatMoney(order.tenderedCents, order.currency));
        e.bold(true)
            .columns(word("Change"), formatMoney(order.changeCents, order.currency))
            .bold(false);
    } else if (!order.reference.isEmpty()) {
        e.columns(order.method == u"comp" ? word("Reason") : word("Reference"), order.reference);
    }
    if (!order.clerk.isEmpty())
        e.columns(word("Served by"), order.clerk);
    e.line(core::LocalTime::shortDateTime(order.printedAt, order.timeZone));
    e.feed(3).cut();
    const bool cash = order.method == u"cash" || order.tenderedCents > 0;
    if (kickDrawer && cash)
        e.kickDrawer();
    return e.bytes();
}

QByteArray CounterPrinting::escPosTickets(const PrintedOrder &order)
{
    EscPosEncoder e;
    for (int i = 0; i < order.tickets.size(); ++i) {
        const PrintedTicket &t = order.tickets.at(i);
        e.centred(true).bold(true).line(word("TICKET")).doubleSize(true).line(order.eventTitle);
        e.doubleSize(false).bold(false).line(order.venueName);
        e.line(core::LocalTime::longDateTime(order.startsAt, order.timeZone)).line();
        e.bold(true).line(t.place).bold(false);
        e.line(formatMoney(t.priceCents, order.currency));
        e.qr(t.code.toLatin1(), 6);
        e.line(word("Order %1").arg(order.orderId));
        e.line(word("Ticket %1 of %2").arg(i + 1).arg(order.tickets.size()));
        e.centred(false).feed(3).cut();
    }
    return e.bytes();
}

QByteArray CounterPrinting::fglTickets(const PrintedOrder &order)
{
    // A 2 x 5.5 inch Boca ticket at 200 dpi: text on the left, the QR code on the right.
    FglEncoder f;
    for (int i = 0; i < order.tickets.size(); ++i) {
        const PrintedTicket &t = order.tickets.at(i);
        f.text(20, 20, order.eventTitle, 6);
        f.text(80, 20, order.venueName, 3);
        f.text(115, 20, core::LocalTime::longDateTime(order.startsAt, order.timeZone), 3);
        f.text(165, 20, t.place, 6);
        f.text(225, 20, formatMoney(t.priceCents, order.currency), 3);
        f.text(260, 20, word("Order %1").arg(order.orderId), 1);
        f.text(285, 20, word("Ticket %1 of %2").arg(i + 1).arg(order.tickets.size()), 1);
        f.qr(40, 760, t.code.toLatin1(), 6);
        f.printAndCut();
    }
    return f.bytes();
}

QString CounterPrinting::printPdf(const PrintedOrder &order,
                                  bool tickets,
                                  bool receipt,
                                  QString *file)
{
    PrintedOrder pages = order;
    if (!tickets)
        pages.tickets.clear();
    // Tests and counters without a printer print to PDF files (BOXOFFICE_PRINT_DIR).
    QString dir = qEnvironmentVariable("BOXOFFICE_PRINT_DIR");
    if (dir.isEmpty() && QPrinterInfo::defaultPrinter().isNull())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
              + QStringLiteral("/tickets");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        *file = QStringLiteral("%1/order-%2-%3.pdf")
                    .arg(dir,
                         order.orderId,
                         QDateTime::currentDateTimeUtc().toString(
                             QStringLiteral("yyyyMMddhhmmsszzz")));
        return TicketPrinter::printPdf(*file, pages, receipt)
                   ? QCoreApplication::translate("boxoffice::app::MainWindow", "Tickets saved to %1")
                         .arg(*file)
                   : QCoreApplication::translate("boxoffice::app::MainWindow", "Printing failed: %1")
                         .arg(*file);
    }
    QPrinter printer(QPrinterInfo::defaultPrinter(), QPrinter::HighResolution);
    printer.setPageSize(QPageSize(QPageSize::A6));
    return TicketPrinter::print(&printer, pages, receipt)
               ? QString()
               : QCoreApplication::translate("boxoffice::app::MainWindow", "Printing failed.");
}

void CounterPrinting::print(const PrintedOrder &order, bool receipt, Done done)
{
    const QString ticketKind = CounterSettings::ticketPrinter();
    const QString receiptKind = receipt ? CounterSettings::receiptPrinter() : QString();
    const bool ticketsOnPdf = ticketKind != u"fgl" && ticketKind != u"escpos";
    const bool receiptOnPdf = receipt && receiptKind != u"escpos";
    QString file;
    QStringList messages;
    if ((ticketsOnPdf && !order.tickets.isEmpty()) || receiptOnPdf)
        messages.append(printPdf(order, ticketsOnPdf, receiptOnPdf, &file));

    QList<std::pair<QString, QByteArray>> jobs;
    if (!ticketsOnPdf && !order.tickets.isEmpty())
        jobs.append({CounterSettings::ticketTarget(),
                     ticketKind == u"fgl" ? fglTickets(order) : escPosTickets(order)});
    if (receipt && !receiptOnPdf)
        jobs.append({CounterSettings::receiptTarget(),
                     escPosReceipt(order, CounterSettings::kickDrawer())});
    // One job after the other: one printer may take both, and many take one connection at once.
    auto queue = std::make_shared<QList<std::pair<QString, QByteArray>>>(jobs);
    auto errors = std::make_shared<QStringList>();
    auto step = std::make_shared<std::function<void(const QString &)>>();
    std::weak_ptr<std::function<void(const QString &)>> weakStep = step;
    *step = [this, queue, errors, messages, file, done, weakStep](const QString &error) {
        if (!error.isEmpty())
            errors->append(error);
        if (queue->isEmpty()) {
            QStringList all = messages;
            for (const QString &e : std::as_const(*errors))
                all.append(
                    QCoreApplication::translate("boxoffice::app::MainWindow", "Printing failed: %1")
                        .arg(e));
            all.removeAll(QString());
            done(all.join(u' '), file);
            return;
        }
        const auto [target, bytes] = queue->takeFirst();
        m_raw->send(target, bytes, [next = weakStep.lock()](const QString &e) { (*next)(e); });
    };
    (*step)({});
}

} // namespace boxoffice::app
