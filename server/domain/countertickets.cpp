// SPDX-License-Identifier: GPL-3.0-or-later
#include "countertickets.h"

#include "events/counteraudit.h"
#include "ids.h"
#include "ruletransaction.h"

#include "db/boxofficerepository.h"
#include "db/counterrepository.h"
#include "db/mailrepository.h"
#include "db/orderrepository.h"
#include "db/requestfingerprintcodec.h"
#include "db/ticketrepository.h"

namespace boxoffice::server::domain {

using db::BoxOfficeRepository;
using db::CounterRepository;
using db::OrderRepository;

namespace {

constexpr int kMaxResults = 20;

std::optional<QString> asUuid(const QString &text)
{
    if (!isUuid(text))
        return std::nullopt;
    return text.toLower();
}

} // namespace

CounterTickets::CounterTickets(db::Database &database, const Fulfilment &fulfilment)
    : m_database(database)
    , m_fulfilment(fulfilment)
    , m_idempotency(database)
{}

Result<Ticket> CounterTickets::reissue(const Principal &clerk, const QString &ticketId)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    if (!isUuid(ticketId))
        return Error(ErrorCode::NotFound, QStringLiteral("no such ticket"));
    return resultInTransaction<Ticket>(m_database, [&](db::Tx &tx) {
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
                                   events::TicketReissued{clerk.subject, old.id, orderId, version});
        return fresh;
    });
}

Result<QList<CounterOrder>> CounterTickets::searchOrders(const Principal &clerk,
                                                         const QString &rawQuery)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    const QString query = rawQuery.trimmed();
    if (query.size() < 2 || query.size() > 2000)
        return Error::badRequest(QStringLiteral("`q` must be 2 to 2000 characters: an order "
                                                "number, e-mail, name or ticket code"));
    return resultInTransaction<QList<CounterOrder>>(m_database, [&](db::Tx &tx) {
        QList<CounterOrder> found;
        for (const QString &id :
             CounterRepository::searchOrders(tx, query, asUuid(query), kMaxResults)) {
            auto order = OrderRepository::load(tx, id);
            if (!order)
                continue;
            found.append({std::move(*order), CounterRepository::orderContext(tx, id)});
        }
        return found;
    });
}

Result<PrintedTickets> CounterTickets::printed(const Principal &clerk,
                                               const QString &orderId,
                                               const PrintRequest &request)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    if (!asUuid(orderId))
        return Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    return resultInTransaction<PrintedTickets>(m_database, [&](db::Tx &tx) {
        const auto order = OrderRepository::load(tx, orderId.toLower());
        if (!order)
            throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));
        QStringList unknown;
        for (const QString &id : request.ticketIds) {
            const bool inOrder = std::any_of(order->tickets.begin(),
                                             order->tickets.end(),
                                             [&](const Ticket &t) {
                                                 return t.id == id && t.status == u"valid";
                                             });
            if (!inOrder)
                unknown.append(id);
        }
        if (!unknown.isEmpty())
            throw Error(ErrorCode::TicketNotInOrder,
                        QStringLiteral("%1 of the tickets are not valid tickets of this order")
                            .arg(unknown.size()),
                        ErrorDetails{.tickets = unknown});
        const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
        BoxOfficeRepository::audit(tx,
                                   events::TicketsPrinted{clerk.subject,
                                                          order->id,
                                                          request.ticketIds,
                                                          request.printer,
                                                          shift ? shift->id : QString()});
        return PrintedTickets{order->id, int(request.ticketIds.size())};
    });
}

Result<MailQueued> CounterTickets::mailAgain(const Principal &clerk,
                                             const QString &orderId,
                                             const SaleContact &contact,
                                             const std::optional<QString> &idempotencyKey,
                                             const AnswerCodec<MailQueued> &codec)
{
    if (!auth::hasRole(clerk.role, auth::Role::Clerk))
        return Error(ErrorCode::Forbidden, QStringLiteral("clerks only"));
    if (!asUuid(orderId))
        return Error(ErrorCode::NotFound, QStringLiteral("no such order"));
    if (idempotencyKey) {
        try {
            Idempotency::validateKey(*idempotencyKey);
        } catch (const Error &error) {
            return error;
        }
    }
    return m_idempotency.run<MailQueued>(
        clerk.subject,
        QStringLiteral("order.mail"),
        idempotencyKey,
        db::requestFingerprintBytes(
            db::MailAgainFingerprint{orderId.toLower(), contact.email, contact.locale}),
        codec,
        [&](db::Tx &tx) {
            const auto order = OrderRepository::load(tx, orderId.toLower());
            if (!order)
                throw Error(ErrorCode::NotFound, QStringLiteral("no such order"));
            if (order->status != u"paid")
                throw Error(ErrorCode::InvalidState,
                            QStringLiteral(
                                "only a paid order's tickets can be mailed (this one is %1)")
                                .arg(order->status));
            const db::MailContact own = db::MailRepository::contactOf(tx, order->id);
            const QString recipient = contact.email.isEmpty() ? own.email : contact.email;
            if (recipient.isEmpty())
                throw Error(ErrorCode::BadRequest,
                            QStringLiteral("the order has no e-mail address: give `email`"));
            const QString locale = contact.locale.isEmpty() ? own.locale : contact.locale;
            const db::MailJob job = db::MailRepository::queueAgain(tx,
                                                                   order->id,
                                                                   recipient,
                                                                   locale,
                                                                   clerk.subject);
            const auto shift = BoxOfficeRepository::openShiftOf(tx, clerk.subject);
            BoxOfficeRepository::audit(tx,
                                       events::TicketsMailed{clerk.subject,
                                                             order->id,
                                                             recipient,
                                                             locale,
                                                             job.id,
                                                             job.messageId,
                                                             shift ? shift->id : QString()});
            return MailQueued{order->id, job.id, recipient, locale};
        });
}

} // namespace boxoffice::server::domain
