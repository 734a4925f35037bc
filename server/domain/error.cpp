// SPDX-License-Identifier: GPL-3.0-or-later
#include "error.h"

namespace boxoffice::server::domain {

namespace {

struct Entry
{
    const char *name;
    int status;
    const char *title;
};

// The table of API.md "Errors", in enum order.
constexpr Entry kTable[] = {
    {"bad_request", 400, "Bad request"},
    {"unauthenticated", 401, "Unauthenticated"},
    {"forbidden", 403, "Forbidden"},
    {"admission_required", 403, "Admission required"},
    {"not_found", 404, "Not found"},
    {"method_not_allowed", 405, "Method not allowed"},
    {"email_taken", 409, "Email taken"},
    {"weak_password", 422, "Weak password"},
    {"invalid_return_url", 400, "Invalid return URL"},
    {"seat_unavailable", 409, "Seat unavailable"},
    {"hold_expired", 409, "Hold expired"},
    {"idempotency_conflict", 409, "Idempotency conflict"},
    {"version_conflict", 409, "Version conflict"},
    {"payload_too_large", 413, "Payload too large"},
    {"limit_exceeded", 422, "Limit exceeded"},
    {"insufficient_capacity", 422, "Insufficient capacity"},
    {"insufficient_payment", 422, "Insufficient payment"},
    {"shift_required", 409, "Shift required"},
    {"shift_open", 409, "Shift already open"},
    {"shift_closed", 409, "Shift closed"},
    {"invalid_state", 409, "Invalid state"},
    {"ticket_void", 409, "Ticket void"},
    {"ticket_not_in_order", 422, "Ticket not in order"},
    {"ticket_used", 409, "Ticket used"},
    {"not_on_sale", 409, "Not on sale yet"},
    {"payment_attempts_exceeded", 409, "Too many payment attempts"},
    {"drawer_in_use", 409, "Drawer in use"},
    {"payment_mismatch", 422, "Payment parts do not match"},
    {"rate_limited", 429, "Rate limited"},
    {"invalid_field", 422, "Invalid field"},
    {"precondition_required", 428, "Precondition required"},
    {"precondition_failed", 412, "Precondition failed"},
    {"sale_paused", 409, "Sale paused"},
    {"event_cancelled", 409, "Event cancelled"},
    {"off_sale", 409, "Sale over"},
    {"event_has_sales", 422, "Event has sales"},
    {"category_in_use", 422, "Category in use"},
    {"username_taken", 409, "Username taken"},
    {"account_disabled", 403, "Account disabled"},
    {"allocation_not_for_sale", 409, "Allocation not for sale"},
    {"link_invalid", 400, "Link not valid"},
    {"link_expired", 410, "Link expired"},
    {"link_used", 410, "Link used"},
    {"voucher_unknown", 422, "Unknown code"},
    {"voucher_used_up", 422, "Code used up"},
    {"voucher_expired", 422, "Code not valid now"},
    {"voucher_not_applicable", 422, "Code not for these tickets"},
    {"voucher_code_taken", 409, "Code taken"},
    {"not_ticket_holder", 403, "Not your ticket"},
    {"transfers_off", 409, "Transfers off"},
    {"transfer_too_late", 409, "Too late to transfer"},
    {"transfer_to_self", 422, "Transfer to yourself"},
    {"order_not_paid", 409, "Order not paid"},
    {"transfer_wrong_recipient", 403, "Offered to another address"},
    {"transfer_withdrawn", 410, "Offer withdrawn"},
    {"wrong_password", 403, "Wrong password"},
    {"account_has_tickets", 409, "Tickets still to use"},
    {"account_busy", 409, "Purchase in progress"},
    {"waiting_list_off", 409, "Waiting list off"},
    {"not_sold_out", 409, "Not sold out"},
    {"already_waiting", 409, "Already on the waiting list"},
    {"no_offer", 409, "No offer"},
    {"unavailable", 503, "Service unavailable"},
};
static_assert(std::size(kTable) == size_t(ErrorCode::Unavailable) + 1);

const Entry &entry(ErrorCode code)
{
    return kTable[size_t(code)];
}

} // namespace

QString errorCodeName(ErrorCode code)
{
    return QString::fromLatin1(entry(code).name);
}

int errorStatus(ErrorCode code)
{
    return entry(code).status;
}

QString errorTitle(ErrorCode code)
{
    return QString::fromLatin1(entry(code).title);
}

Error::Error(ErrorCode code, QString detail)
    : m_code(code)
    , m_detail(std::move(detail))
{}

Error::Error(ErrorCode code, QString detail, ErrorDetails details)
    : m_code(code)
    , m_detail(std::move(detail))
    , m_details(std::make_shared<const ErrorDetails>(std::move(details)))
{}

const ErrorDetails &Error::details() const
{
    static const ErrorDetails kNone;
    return m_details ? *m_details : kNone;
}

} // namespace boxoffice::server::domain
