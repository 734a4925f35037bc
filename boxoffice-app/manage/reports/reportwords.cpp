// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwords.h"

#include <QLocale>

namespace boxoffice::app {

using client::FileDownload;

QString ReportWords::kind(const QString &kind)
{
    if (kind == u"sale")
        return tr("Sales");
    if (kind == u"comp")
        return tr("Comps");
    if (kind == u"exchange_difference")
        return tr("Exchange differences");
    if (kind == u"refund")
        return tr("Refunds");
    if (kind == u"fee")
        return tr("Fees");
    if (kind == u"capture")
        return tr("Payments captured");
    if (kind == u"compensation")
        return tr("Payments sent back");
    if (kind == u"payment_refund")
        return tr("Refunds paid out");
    if (kind == u"issue")
        return tr("Tickets issued");
    if (kind == u"void")
        return tr("Tickets voided");
    return kind;
}

QString ReportWords::channel(const QString &channel)
{
    if (channel == u"online")
        return tr("Online");
    if (channel == u"box_office")
        return tr("Box office");
    return channel.isEmpty() ? tr("None") : channel;
}

QString ReportWords::method(const QString &method)
{
    if (method == u"card")
        return tr("Card");
    if (method == u"cash")
        return tr("Cash");
    if (method == u"card_present")
        return tr("Card at the counter");
    if (method == u"comp")
        return tr("Comp");
    return method.isEmpty() ? tr("None") : method;
}

QString ReportWords::check(const QString &check)
{
    if (check == u"ticket_seat_not_sold")
        return tr("A valid ticket's seat is not marked sold");
    if (check == u"sold_seat_without_ticket")
        return tr("A seat is marked sold but has no valid ticket");
    if (check == u"ga_sold_mismatch")
        return tr("A standing area's sold count differs from its valid tickets");
    if (check == u"ticket_order_not_paid")
        return tr("A valid ticket belongs to an order that is not paid");
    if (check == u"payment_mismatch")
        return tr("An order's payments differ from its amount");
    if (check == u"log_sales")
        return tr("The transaction log's sales differ from the order");
    if (check == u"log_refunds")
        return tr("The transaction log's refunds differ from the order's");
    if (check == u"log_captures")
        return tr("The transaction log's captures differ from the payments that succeeded");
    if (check == u"log_compensations")
        return tr("The transaction log's payments sent back differ from those made");
    if (check == u"log_tickets")
        return tr("The transaction log's issued and voided tickets differ from the tickets");
    if (check == u"compensation_not_refunded")
        return tr("Money owed back to a buyer has not been paid back yet");
    return check;
}

QString ReportWords::size(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString ReportWords::downloadFailure(const FileDownload &download, FileDownload::Outcome outcome)
{
    switch (outcome) {
    case FileDownload::Outcome::Saved:
        return {};
    case FileDownload::Outcome::Cancelled:
        return tr("Cancelled: nothing was saved.");
    case FileDownload::Outcome::Refused:
        if (download.status() == 401)
            return tr("Your session has ended. Sign in again; nothing was saved.");
        if (download.status() == 403)
            return tr("Your account may not read the reports. Ask a manager; nothing was saved.");
        if (download.status() == 404)
            return tr("This event no longer exists; nothing was saved.");
        if (download.status() == 503)
            return tr("The server is busy with other exports. Try again in a minute; nothing"
                      " was saved.");
        return tr("The server refused the file (%1); nothing was saved.")
            .arg(download.problemDetail().isEmpty() ? QString::number(download.status())
                                                    : download.problemDetail());
    case FileDownload::Outcome::Unreachable:
        return tr("The server cannot be reached. Check the network and try again; nothing was"
                  " saved.");
    case FileDownload::Outcome::CutShort:
        return tr("The download stopped part way (%1). The incomplete file was removed; try"
                  " again.")
            .arg(download.networkError());
    case FileDownload::Outcome::CannotWrite:
        return tr("The file cannot be written there (%1). Choose another folder.")
            .arg(download.fileError());
    }
    return {};
}

} // namespace boxoffice::app
