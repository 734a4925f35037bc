#pragma once

#include <QJsonObject>
#include <QString>

#include <exception>

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
    Unavailable,
};

/// `bad_request`, `seat_unavailable`, ...
QString errorCodeName(ErrorCode code);
/// The HTTP status of the code (400, 409, ...).
int errorStatus(ErrorCode code);
/// A short human title ("Seat unavailable").
QString errorTitle(ErrorCode code);

/// A rule said no: thrown inside domain services (it rolls the transaction back), caught at the
/// service boundary and turned into a problem answer.
class Error : public std::exception
{
public:
    Error(ErrorCode code, QString detail, QJsonObject extra = {});

    ErrorCode code() const { return m_code; }
    const QString &detail() const { return m_detail; }
    /// Extra members of the problem object (`seats`, `limit`, `current`, `errors`).
    const QJsonObject &extra() const { return m_extra; }
    /// RFC 9457 problem object: type, title, status, code, detail + extra members.
    QJsonObject toProblem() const;
    const char *what() const noexcept override { return "boxoffice::server::domain::Error"; }

private:
    ErrorCode m_code;
    QString m_detail;
    QJsonObject m_extra;
};

/// An answer in protocol terms (status + JSON body), shared by HTTP and the WebSocket RPC.
struct Response
{
    int status = 200;
    QJsonObject body;

    bool isError() const { return status >= 400; }
    static Response fromError(const Error &error)
    {
        return {errorStatus(error.code()), error.toProblem()};
    }
};

} // namespace boxoffice::server::domain
