// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterauditcodec.h"

#include "paymentrecord.h"

#include <QJsonArray>

namespace boxoffice::server::db {

namespace {

using namespace domain::events;

CounterAuditRow row(const CounterSold &r)
{
    return {r.clerk,
            u"sale"_qs,
            r.orderId,
            {{u"method"_qs, r.payment.method},
             {u"payment"_qs, paymentRecord(r.payment)},
             {u"amount_cents"_qs, r.amountCents},
             {u"shift_id"_qs, r.shiftId},
             {u"reference"_qs, r.payment.reference}}};
}

CounterAuditRow row(const CounterRefunded &r)
{
    return {r.clerk,
            u"refund"_qs,
            r.orderId,
            {{u"method"_qs, r.method},
             {u"amount_cents"_qs, r.amountCents},
             {u"ticket_ids"_qs, QJsonArray::fromStringList(r.ticketIds)},
             {u"whole"_qs, r.whole},
             {u"shift_id"_qs, r.shiftId}}};
}

CounterAuditRow row(const CounterExchanged &r)
{
    return {r.clerk,
            u"exchange"_qs,
            r.orderId,
            {{u"old_ticket_id"_qs, r.oldTicketId},
             {u"new_ticket_id"_qs, r.newTicketId},
             {u"from_seat"_qs, r.fromSeat},
             {u"to_seat"_qs, r.toSeat},
             {u"from_ga"_qs, r.fromGa},
             {u"to_ga"_qs, r.toGa},
             {u"difference_cents"_qs, r.differenceCents},
             {u"payment"_qs, r.payment ? paymentRecord(*r.payment) : QJsonObject()},
             {u"shift_id"_qs, r.shiftId}}};
}

CounterAuditRow row(const TicketReissued &r)
{
    return {r.clerk,
            u"reissue"_qs,
            r.ticketId,
            {{u"version"_qs, r.version}, {u"order_id"_qs, r.orderId}}};
}

CounterAuditRow row(const TicketsPrinted &r)
{
    return {r.clerk,
            u"tickets.print"_qs,
            r.orderId,
            {{u"ticket_ids"_qs, QJsonArray::fromStringList(r.ticketIds)},
             {u"printer"_qs, r.printer},
             {u"shift_id"_qs, r.shiftId}}};
}

CounterAuditRow row(const TicketsMailed &r)
{
    return {r.clerk,
            u"tickets.mail"_qs,
            r.orderId,
            {{u"to"_qs, r.recipient},
             {u"locale"_qs, r.locale},
             {u"mail_id"_qs, r.mailId},
             {u"message_id"_qs, r.messageId},
             {u"shift_id"_qs, r.shiftId}}};
}

CounterAuditRow row(const ShiftOpened &r)
{
    return {r.clerk,
            u"shift.open"_qs,
            r.shiftId,
            {{u"float_cents"_qs, r.floatCents}, {u"drawer"_qs, r.drawer}}};
}

CounterAuditRow row(const ShiftClosed &r)
{
    return {r.clerk,
            u"shift.close"_qs,
            r.shiftId,
            {{u"counted_cents"_qs, r.countedCents}, {u"variance_cents"_qs, r.varianceCents}}};
}

} // namespace

CounterAuditRow counterAuditRow(const CounterAuditRecord &record)
{
    return std::visit([](const auto &r) { return row(r); }, record);
}

} // namespace boxoffice::server::db
