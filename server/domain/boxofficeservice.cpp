#include "boxofficeservice.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/database.h"
#include "db/holdrepository.h"
#include "db/mailrepository.h"
#include "db/orderrepository.h"
#include "db/paymentattemptrepository.h"
#include "db/ticketrepository.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QUuid>

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::HoldRepository;
using db::OrderRepository;
using db::PaymentAttemptRepository;

namespace {

bool isUuid(const QString &text)
{
    return text.size() == 36 && !QUuid::fromString(text).isNull();
}

Error bad(const QString &detail)
{
    return Error(ErrorCode::BadRequest, detail);
}

QJsonObject shiftReport(const db::ShiftRow &shift, const db::ShiftTotals &totals)
{
    QJsonObject byMethod;
    qint64 sales = 0, refunds = 0;
    for (const QString &method : {QStringLiteral("cash"),
                                  QStringLiteral("card_present"),
                                  QStringLiteral("comp"),
                                  QStringLiteral("card")}) {
        const qint64 in = totals.salesByMethod.value(method);
        const qint64 out = totals.refundsByMethod.value(method);
        byMethod.insert(method,
                        QJsonObject{{QStringLiteral("sales_cents"), in},
                                    {QStringLiteral("refunds_cents"), out},
                                    {QStringLiteral("net_cents"), in - out}});
        if (method != u"comp") {
            sales += in;
            refunds += out;
        }
    }
    const qint64 expectedCash = shift.floatCents
                                + totals.salesByMethod.value(QStringLiteral("cash"))
                                - totals.refundsByMethod.value(QStringLiteral("cash"));
    QJsonObject report{{QStringLiteral("shift_id"), shift.id},
                       {QStringLiteral("clerk"), shift.clerk},
                       {QStringLiteral("status"), shift.status},
                       {QStringLiteral("kind"), shift.status == u"closed" ? "Z" : "X"},
                       {QStringLiteral("float_cents"), shift.floatCents},
                       {QStringLiteral("opened_at"), shift.openedAt},
                       {QStringLiteral("sales_count"), totals.salesCount},
                       {QStringLiteral("refunds_count"), totals.refundsCount},
                       {QStringLiteral("sales_cents"), sales},
                       {QStringLiteral("refunds_cents"), refunds},
                       {QStringLiteral("net_cents"), sales - refunds},
                       {QStringLiteral("by_method"), byMethod},
                       {QStringLiteral("expected_cash_cents"), expectedCash}};
    if (shift.status == u"closed") {
        report.insert(u"closed_at", shift.closedAt);
        report.insert(u"counted_cents", shift.countedCents.value_or(0));
        report.insert(u"variance_cents", shift.countedCents.value_or(0) - expectedCash);
    }
    return report;
}

} // namespace

BoxOfficeService::BoxOfficeService(db::Database &database, const Fulfilment &fulfilment)
    : m_database(database)
    , m_fulfilment(fulfilment)
    , m_idempotency(database)
    , m_refunds(fulfilment)
    , m_exchanges(fulfilment)
{}

Response BoxOfficeService::guarded(const std::function<Response(db::Tx &)> &body)
{
    try {
        Response answer;
        m_database.transact([&](db::Tx &tx) { answer = body(tx); });
        return answer;
    } catch (const Error &error) {
        return Response::fromError(error);
    }
}

SaleContact BoxOfficeService::parseContact(const QJsonObject &body)
{
    SaleContact contact;
    const QJsonValue email = body.value(u"email");
    const QJsonValue locale = body.value(u"locale");
    if (!email.isUndefined() && !email.isNull()) {
        const QString text = email.toString().trimmed();
        // One address, no display name, no header smuggling: local@domain.
        const qsizetype at = text.indexOf(u'@');
        if (!email.isString() || text.size() < 3 || text.size() > 254 || at < 1
            || at != text.lastIndexOf(u'@') || at == text.size() - 1
            || text.contains(QRegularExpression(QStringLiteral("[\\s<>,;\"()\\[\\]\\\\]"))))
            throw bad(QStringLiteral("`email` must be one e-mail address"));
        contact.email = text;
    }
    if (!locale.isUndefined() && !locale.isNull()) {
        if (!locale.isString()
            || !QRegularExpression(QStringLiteral("^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$"))
                    .match(locale.toString())
                    .hasMatch())
            throw bad(QStringLiteral("`locale` must be a language tag such as es or en-GB"));
        contact.locale = locale.toString();
    }
    return contact;
}

Response BoxOfficeService::sell(const Principal &clerk,
                                const QString &holdId,
                                const CounterPayment &payment,
                                const std::optional<QString> &idempotencyKey,
                                const SaleContact &contact)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    if (payment.method == u"comp" && !auth::hasRole(clerk.role, auth::Role::Manager))
        return Response::fromError(
            Error(ErrorCode::Forbidden, QStringLiteral("complimentary tickets need a manager")));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return Response::fromError(error);
        }
    }
    QJsonObject request{{QStringLiteral("hold_id"), holdId},
                        {QStringLiteral("method"), payment.method},
                        {QStringLiteral("tendered_cents"), payment.tenderedCents},
                        {QStringLiteral("reference"), payment.reference},
                        {QStringLiteral("email"), contact.email},
                        {QStringLiteral("locale"), contact.locale}};
    if (payment.method == u"split") // the old fingerprint stays for the other methods
        request.insert(u"payment", payment.toJson());
    const Response response = m_idempotency.run(
        clerk.subject, QStringLiteral("order.create"), idempotencyKey, request, [&](db::Tx &tx) {
            return sellInTx(tx, clerk, holdId, payment, contact);
        });
    // Committed: the clerk (the hold's owner) leaves the event's waiting-room active set.
    if (response.status == 201)
        m_fulfilment.paid(response.body.value(u"event_id").toString(), clerk.subject);
    return response;
}

Response BoxOfficeService::sellInTx(db::Tx &tx,
                                    const Principal &clerk,
                                    const QString &holdId,
                                    const CounterPayment &payment,
                                    const SaleContact &contact)
{
    if (!isUuid(holdId))
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    const auto hold = HoldRepository::findHold(tx, holdId, true);
    if (!hold || hold->owner != clerk.subject)
        throw Error(ErrorCode::NotFound, QStringLiteral("no such hold"));
    if (const QString existing = OrderRepository::orderIdForHold(tx, holdId); !existing.isEmpty())
        return Response{200, OrderRepository::load(tx, existing)->toJson()};
    if (hold->status != u"active")
        throw Error(ErrorCode::HoldExpired, QStringLiteral("the hold is no longer live"));
    const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
    if (!shift && payment.takesCash())
        throw Error(ErrorCode::ShiftRequired,
                    QStringLiteral("open a shift (POST /shifts) before taking cash"));
    const auto [amount, currency] = OrderRepository::price(tx,
                                                           hold->eventId,
                                                           hold->seats,
                                                           hold->gaId,
                                                           hold->gaQuantity);
    db::NewOrder row;
    row.holdId = holdId;
    row.eventId = hold->eventId;
    row.owner = clerk.subject;
    row.amountCents = amount;
    row.currency = currency;
    row.channel = QStringLiteral("box_office");
    row.paymentMethod = payment.method;
    row.clerk = clerk.subject;
    row.shiftId = shift ? shift->id : QString();
    row.reference = payment.reference;
    const qint64 change = payment.settle(amount);
    if (payment.takesCash()) {
        row.tenderedCents = payment.tenderedCents;
        row.changeCents = change;
    }
    const QString orderId = OrderRepository::insertOrder(tx, row);
    for (const CounterPayment::Part &part : payment.parts)
        CounterRepository::insertPart(tx,
                                      orderId,
                                      part.method,
                                      part.amountCents,
                                      part.tenderedCents,
                                      part.reference);
    PaymentAttemptRepository::insert(tx,
                                     orderId,
                                     QStringLiteral("box_office"),
                                     payment.method,
                                     amount,
                                     currency,
                                     QStringLiteral("succeeded"));
    // Before it is paid: the trigger that marks it paid writes the mail job (migration 0071).
    if (!contact.email.isEmpty())
        db::MailRepository::setContact(tx, orderId, contact.email, contact.locale);
    const auto order = OrderRepository::load(tx, orderId, true);
    QString reason;
    if (!m_fulfilment.fulfil(tx, *order, &reason))
        throw Error(ErrorCode::HoldExpired,
                    QStringLiteral("the hold lost its seats (%1)").arg(reason));
    if (shift) {
        for (const auto &[method, cents] : payment.byMethod(amount))
            BoxOfficeRepository::addEntry(tx,
                                          shift->id,
                                          orderId,
                                          QStringLiteral("sale"),
                                          method,
                                          cents);
    }
    BoxOfficeRepository::audit(tx,
                               clerk.subject,
                               QStringLiteral("sale"),
                               orderId,
                               {{QStringLiteral("method"), payment.method},
                                {QStringLiteral("payment"), payment.toJson()},
                                {QStringLiteral("amount_cents"), amount},
                                {QStringLiteral("shift_id"), shift ? shift->id : QString()},
                                {QStringLiteral("reference"), payment.reference}});
    return Response{201, OrderRepository::load(tx, orderId)->toJson()};
}

Response BoxOfficeService::refund(const Principal &clerk,
                                  const QString &orderId,
                                  const std::optional<QStringList> &ticketIds,
                                  const std::optional<QString> &idempotencyKey)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    if (!isUuid(orderId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such order")));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return Response::fromError(error);
        }
    }
    QJsonObject request{{QStringLiteral("order_id"), orderId.toLower()}};
    if (ticketIds)
        request.insert(u"ticket_ids", QJsonArray::fromStringList(*ticketIds));
    return m_idempotency.run(clerk.subject,
                             QStringLiteral("order.refund"),
                             idempotencyKey,
                             request,
                             [&](db::Tx &tx) {
                                 return m_refunds.run(tx, clerk, orderId, ticketIds);
                             });
}

Response BoxOfficeService::reissue(const Principal &clerk, const QString &ticketId)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    if (!isUuid(ticketId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such ticket")));
    return guarded([&](db::Tx &tx) {
        const auto found = BoxOfficeRepository::lockTicket(tx, ticketId);
        if (!found)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such ticket"));
        const auto &[old, orderId] = *found;
        if (old.status != u"valid")
            throw Error(ErrorCode::InvalidState, QStringLiteral("only a valid ticket is reissued"));
        const auto current = db::TicketRepository::find(tx, old.id);
        // Used at the door: a new code would let a second person in (#15 defect 6).
        if (!current->firstUsedAt.isEmpty())
            throw Error(ErrorCode::TicketUsed,
                        QStringLiteral("the ticket was used at %1 (gate %2): it cannot be reissued")
                            .arg(current->firstUsedAt, current->usedGate),
                        ErrorDetails{.firstUsedAt = current->firstUsedAt});
        // Same ticket, next version: the old code is void and on the revocation list.
        Ticket fresh = old;
        const int version = current->version + 1;
        fresh.code = m_fulfilment.codes().sign(old.id, old.eventId, old.seatId, old.gaId, version);
        db::TicketRepository::bumpVersion(tx, old.id, version, fresh.code);
        BoxOfficeRepository::audit(tx,
                                   clerk.subject,
                                   QStringLiteral("reissue"),
                                   old.id,
                                   {{QStringLiteral("version"), version},
                                    {QStringLiteral("order_id"), orderId}});
        return Response{201, fresh.toJson()};
    });
}

Response BoxOfficeService::openShift(const Principal &clerk, const QJsonObject &body)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    return guarded([&](db::Tx &tx) {
        onlyFields(body, {QStringLiteral("float_cents"), QStringLiteral("drawer")});
        const qint64 floatCents = readCents(body, "float_cents");
        const QJsonValue drawerValue = body.value(u"drawer");
        if (!drawerValue.isUndefined()
            && (!drawerValue.isString() || drawerValue.toString().size() > 100))
            throw bad(QStringLiteral("`drawer` must be a string of at most 100 characters"));
        const QString drawer = drawerValue.toString().trimmed();
        const auto shift = CounterRepository::openShiftAt(tx, clerk.subject, floatCents, drawer);
        if (!shift) {
            if (!drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, drawer);
            // The open shift's id lets a restarted app pick it up (GET /shifts/current too).
            const auto open = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
            ErrorDetails details;
            if (open)
                details.shiftId = open->id;
            throw Error(ErrorCode::ShiftOpen,
                        QStringLiteral("this clerk has an open shift"),
                        std::move(details));
        }
        BoxOfficeRepository::audit(tx,
                                   clerk.subject,
                                   QStringLiteral("shift.open"),
                                   shift->id,
                                   {{QStringLiteral("float_cents"), floatCents},
                                    {QStringLiteral("drawer"), drawer}});
        QJsonObject report = shiftReport(*shift, {});
        report.insert(u"drawer", drawer);
        return Response{201, report};
    });
}

Response BoxOfficeService::currentShift(const Principal &clerk, const QString &drawer)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    return guarded([&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
        if (!shift) {
            if (!drawer.isEmpty())
                throwIfDrawerTaken(tx, clerk, drawer);
            throw Error(ErrorCode::NotFound, QStringLiteral("no open shift"));
        }
        QJsonObject report = shiftReport(*shift, BoxOfficeRepository::totals(tx, shift->id));
        report.insert(u"drawer", CounterRepository::drawerOf(tx, shift->id));
        return Response{200, report};
    });
}

void BoxOfficeService::throwIfDrawerTaken(db::Tx &tx, const Principal &clerk, const QString &drawer)
{
    const auto holder = CounterRepository::openShiftAtDrawer(tx, drawer);
    if (holder && holder->clerk != clerk.subject)
        throw Error(ErrorCode::DrawerInUse,
                    QStringLiteral("drawer %1 is in use by %2's open shift")
                        .arg(drawer, holder->clerk),
                    ErrorDetails{.drawer = drawer,
                                 .clerk = holder->clerk,
                                 .shiftId = holder->id,
                                 .openedAt = holder->openedAt});
}

Response BoxOfficeService::exchange(const Principal &clerk,
                                    const QString &orderId,
                                    const Exchanges::Request &request,
                                    const std::optional<QString> &idempotencyKey)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Response::fromError(Error(ErrorCode::Forbidden, QStringLiteral("clerks only")));
    if (!isUuid(orderId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such order")));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return Response::fromError(error);
        }
    }
    const QJsonObject fingerprint{{QStringLiteral("order_id"), orderId.toLower()},
                                  {QStringLiteral("ticket_id"), request.ticketId},
                                  {QStringLiteral("seat_id"), request.seatId},
                                  {QStringLiteral("payment"),
                                   request.payment ? request.payment->toJson() : QJsonObject()}};
    return m_idempotency.run(clerk.subject,
                             QStringLiteral("order.exchange"),
                             idempotencyKey,
                             fingerprint,
                             [&](db::Tx &tx) {
                                 return m_exchanges.run(tx, clerk, orderId.toLower(), request);
                             });
}

Response BoxOfficeService::report(const Principal &clerk, const QString &shiftId)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such shift")));
    return guarded([&](db::Tx &tx) {
        const auto shift = BoxOfficeRepository::shift(tx, shiftId, false);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw Error(ErrorCode::NotFound, QStringLiteral("no such shift"));
        return Response{200, shiftReport(*shift, BoxOfficeRepository::totals(tx, shiftId))};
    });
}

Response BoxOfficeService::closeShift(const Principal &clerk,
                                      const QString &shiftId,
                                      const QJsonObject &body)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk) || !isUuid(shiftId))
        return Response::fromError(Error(ErrorCode::NotFound, QStringLiteral("no such shift")));
    return guarded([&](db::Tx &tx) {
        onlyFields(body, {QStringLiteral("counted_cents")});
        const qint64 counted = readCents(body, "counted_cents");
        auto shift = BoxOfficeRepository::shift(tx, shiftId, true);
        if (!shift
            || (shift->clerk != clerk.subject && !auth::hasRole(clerk.role, auth::Role::Manager)))
            throw Error(ErrorCode::NotFound, QStringLiteral("no such shift"));
        if (shift->status != u"open")
            throw Error(ErrorCode::ShiftClosed, QStringLiteral("the shift is closed already"));
        BoxOfficeRepository::closeShift(tx, shiftId, counted);
        shift = BoxOfficeRepository::shift(tx, shiftId, false);
        const QJsonObject report = shiftReport(*shift, BoxOfficeRepository::totals(tx, shiftId));
        BoxOfficeRepository::audit(tx,
                                   clerk.subject,
                                   QStringLiteral("shift.close"),
                                   shiftId,
                                   {{QStringLiteral("counted_cents"), counted},
                                    {QStringLiteral("variance_cents"),
                                     report.value(u"variance_cents")}});
        return Response{200, report};
    });
}

} // namespace boxoffice::server::domain
