// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <exception>
#include <memory>
#include <optional>

namespace boxoffice::server::domain {

/// The stable error codes of API.md's problem table; one enum for REST and WebSocket alike.
enum class ErrorCode {
    BadRequest,
    Unauthenticated,
    Forbidden,
    AdmissionRequired,
    NotFound,
    MethodNotAllowed,
    EmailTaken,
    WeakPassword,
    InvalidReturnUrl,
    SeatUnavailable,
    HoldExpired,
    IdempotencyConflict,
    VersionConflict,
    PayloadTooLarge,
    LimitExceeded,
    InsufficientCapacity,
    InsufficientPayment,
    ShiftRequired,
    ShiftOpen,
    ShiftClosed,
    InvalidState,
    TicketVoid,
    TicketNotInOrder,
    TicketUsed,
    NotOnSale,               ///< issue 15: a hold before the event's on_sale_at
    PaymentAttemptsExceeded, ///< issue 15: too many payment attempts for one order
    DrawerInUse,
    PaymentMismatch,
    RateLimited,
    // The back office (issue 27, docs/back-office.md).
    InvalidField,         ///< 422: a well-formed value a rule refuses; `field` names it
    PreconditionRequired, ///< 428: a change without If-Match
    PreconditionFailed,   ///< 412: If-Match names an older version
    SalePaused,           ///< 409: a hold while the manager paused the sale
    EventCancelled,       ///< 409: a hold on, or a change to, a cancelled event
    OffSale,              ///< 409: a hold after the event's off-sale time
    EventHasSales,        ///< 422: a change that would break what was held or sold
    CategoryInUse,        ///< 422: removing a price category with seats or sales
    UsernameTaken,        ///< 409: POST /staff with a name in use
    AccountDisabled,      ///< 403: a disabled staff account signing in (right password)
    AllocationNotForSale, ///< 409: a clerk's hold on an allocation the counter may not sell
    // Fans' mailed links (issue 29, docs/web-shop.md).
    LinkInvalid, ///< 400: no such verification or reset link
    LinkExpired, ///< 410: its time ran out, or a newer link replaced it
    LinkUsed,    ///< 410: it worked once already
    // Vouchers and promo codes (issue 28, docs/pricing.md).
    VoucherUnknown,       ///< 422: no such code (or switched off)
    VoucherUsedUp,        ///< 422: every use taken, in all or by this fan (`limit_name`)
    VoucherExpired,       ///< 422: outside its validity window
    VoucherNotApplicable, ///< 422: not for this event, or none of the hold's tickets
    VoucherCodeTaken,     ///< 409: a new code that another voucher has (any case)
    // Ticket transfer (issue 29 item 2, docs/web-shop.md "Passing a ticket on").
    NotTicketHolder,        ///< 403: the ticket is not (or no longer) the caller's
    TransfersOff,           ///< 409: the organiser switched transfers off for the event
    TransferTooLate,        ///< 409: past the event's last moment for transfers
    TransferToSelf,         ///< 422: the ticket's holder is its recipient
    OrderNotPaid,           ///< 409: the ticket's order is not paid (pending, refunded, ...)
    TransferWrongRecipient, ///< 403: the offer was sent to another address than the caller's
    TransferWithdrawn,      ///< 410: the ticket stopped being valid after it was offered
    // A fan's data and erasure (issue 29 item 4, docs/privacy.md).
    WrongPassword,     ///< 403: the password re-entered to confirm is not the account's
    AccountHasTickets, ///< 409: valid tickets for a show still to come (`tickets`)
    AccountBusy,       ///< 409: a live hold or an order awaiting payment
    // Waiting list (issue 29 item 3, docs/waiting-list.md).
    WaitingListOff, ///< 409: the organiser has not switched the event's waiting list on
    NotSoldOut,     ///< 409: seats of what the fan asks for are on sale: buy them instead
    AlreadyWaiting, ///< 409: the fan is on the event's list already (or holds its offer)
    NoOffer,        ///< 409: the fan's place has no standing offer to decline
    Unavailable,
};

/// `bad_request`, `seat_unavailable`, ...
QString errorCodeName(ErrorCode code);
/// The HTTP status of the code (400, 409, ...).
int errorStatus(ErrorCode code);
/// A short human title ("Seat unavailable").
QString errorTitle(ErrorCode code);

/// One problem of a rejected document (a venue upload): the `errors` member of the problem.
struct ErrorIssue
{
    QString path;
    QString message;
};

/// What an error says beyond its code and detail: the extra members of API.md's problem object.
/// Empty lists and unset values are left out of the problem; a null QString is unset (an empty
/// but non-null one is sent as ""). Field order follows nothing but grouping: the problem's
/// members are written by api/problem, the one place that knows their JSON names.
struct ErrorDetails
{
    QStringList seats;                     ///< `seats`: seats taken, or unknown (bad_request)
    QStringList tickets;                   ///< `tickets`: ticket ids the rule refused
    std::optional<qint64> limit;           ///< `limit`: the limit that was reached
    std::optional<qint64> current;         ///< `current`: the caller's usage against `limit`
    QString limitName;                     ///< `limit_name`: max_holds_per_user, ...
    std::optional<int> retryAfterSeconds;  ///< `retry_after` (and the Retry-After header)
    QString onSaleAt;                      ///< `on_sale_at`: when the sale opens (ISO 8601, UTC)
    QString firstUsedAt;                   ///< `first_used_at`: a used ticket's first scan
    QString usedAt;                        ///< `used_at`: when an exchanged ticket was scanned
    QString drawer;                        ///< `drawer`: the cash drawer in use
    QString clerk;                         ///< `clerk`: who holds that drawer
    QString shiftId;                       ///< `shift_id`: the open shift in the way
    QString openedAt;                      ///< `opened_at`: when that shift opened
    std::optional<qint64> amountCents;     ///< `amount_cents`: the amount due
    std::optional<qint64> tenderedCents;   ///< `tendered_cents`: cash handed over
    std::optional<qint64> partsCents;      ///< `parts_cents`: the split-tender parts' sum
    std::optional<qint64> differenceCents; ///< `difference_cents`: an exchange's price change
    QList<ErrorIssue> issues;              ///< `errors`: a rejected document's problems
    QString field;                         ///< `field`: the request field that is wrong
};

/// A rule said no: a code, a human detail, and typed details. Thrown inside domain services (it
/// rolls the transaction back) or carried in a Result; turned into a problem answer at the edge
/// (api/problem). Cheap to copy and move: details are shared, and absent for most errors.
class Error : public std::exception
{
public:
    Error(ErrorCode code, QString detail);
    Error(ErrorCode code, QString detail, ErrorDetails details);

    ErrorCode code() const { return m_code; }
    const QString &detail() const { return m_detail; }
    /// The extra members (an empty ErrorDetails when there are none).
    const ErrorDetails &details() const;
    const char *what() const noexcept override { return "boxoffice::server::domain::Error"; }

    /// 400 bad_request with `detail`: what every parser throws for a malformed request.
    static Error badRequest(QString detail)
    {
        return Error(ErrorCode::BadRequest, std::move(detail));
    }
    /// 422 invalid_field naming the request field a rule refuses.
    static Error invalidField(QString field, QString detail)
    {
        return Error(ErrorCode::InvalidField, std::move(detail), ErrorDetails{.field = field});
    }

private:
    ErrorCode m_code;
    QString m_detail;
    std::shared_ptr<const ErrorDetails> m_details; ///< null: no details
};

} // namespace boxoffice::server::domain
