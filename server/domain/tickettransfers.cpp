// SPDX-License-Identifier: GPL-3.0-or-later
#include "tickettransfers.h"

#include "ids.h"
#include "ruletransaction.h"
#include "ticketcodes.h"

#include "db/database.h"
#include "db/tickettransferrepository.h"
#include "db/userrepository.h"

#include <QRegularExpression>

namespace boxoffice::server::domain {

using db::TicketTransferRepository;

namespace {

const QString kNoTicket = QStringLiteral("no such ticket");

bool plausibleEmail(const QString &email)
{
    static const QRegularExpression pattern(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    return email.size() <= 254 && pattern.match(email).hasMatch();
}

// The rules every transfer step checks against the ticket's locked row, in the order a fan can
// do something about them: whose it is, then whether it can still go.
db::TransferableTicket transferable(db::Tx &tx, const QString &ticketId, const QString &holder)
{
    const auto ticket = TicketTransferRepository::lock(tx, ticketId);
    if (!ticket)
        throw Error(ErrorCode::NotFound, kNoTicket);
    if (!holder.isEmpty() && ticket->holder != holder)
        throw Error(ErrorCode::NotTicketHolder, QStringLiteral("this ticket is not yours"));
    if (ticket->used)
        throw Error(ErrorCode::TicketUsed,
                    QStringLiteral("this ticket was used at the door: it cannot be passed on"));
    if (ticket->orderStatus != u"paid")
        throw Error(ErrorCode::OrderNotPaid,
                    QStringLiteral("the order of this ticket is not paid (or was refunded)"));
    if (ticket->status != u"valid")
        throw Error(ErrorCode::TicketVoid, QStringLiteral("this ticket is no longer valid"));
    if (ticket->cancelled)
        throw Error(ErrorCode::EventCancelled, QStringLiteral("the event was cancelled"));
    if (!ticket->transfersEnabled)
        throw Error(ErrorCode::TransfersOff,
                    QStringLiteral("the organiser does not allow transfers for this event"));
    if (ticket->tooLate)
        throw Error(ErrorCode::TransferTooLate,
                    QStringLiteral("it is too close to the show to pass this ticket on"));
    return *ticket;
}

Error linkRefusal(const std::optional<TransferOffer> &offer)
{
    if (!offer)
        return Error(ErrorCode::LinkInvalid, QStringLiteral("this link is not valid"));
    if (offer->state == u"used")
        return Error(ErrorCode::LinkUsed, QStringLiteral("this ticket was accepted already"));
    if (offer->state == u"withdrawn")
        return Error(ErrorCode::TransferWithdrawn,
                     QStringLiteral("the ticket is no longer valid as offered (refunded, "
                                    "exchanged, reissued or its show cancelled)"));
    return Error(ErrorCode::LinkExpired,
                 QStringLiteral("this offer has expired, was cancelled or replaced"));
}

} // namespace

TicketTransfers::TicketTransfers(db::Database &database,
                                 const TicketCodes &codes,
                                 LinkSettings settings)
    : m_database(database)
    , m_codes(codes)
    , m_settings(settings)
{}

Result<PendingTransfer> TicketTransfers::offer(const Principal &caller,
                                               const QString &ticketId,
                                               const QString &rawEmail)
{
    const QString email = rawEmail.trimmed();
    if (!plausibleEmail(email))
        return Error::invalidField(QStringLiteral("email"),
                                   QStringLiteral("`email` must be an e-mail address"));
    if (!isUuid(ticketId))
        return Error(ErrorCode::NotFound, kNoTicket);
    const LinkToken link = LinkToken::generate();
    return resultInTransaction<PendingTransfer>(m_database, [&](db::Tx &tx) {
        const auto ticket = transferable(tx, ticketId.toLower(), caller.subject);
        const auto sender = db::UserRepository::findByName(tx, caller.subject);
        const QString senderEmail = sender ? sender->email : QString();
        if (email.compare(senderEmail, Qt::CaseInsensitive) == 0
            || email.compare(caller.subject, Qt::CaseInsensitive) == 0)
            throw Error(ErrorCode::TransferToSelf,
                        QStringLiteral(
                            "this ticket is yours already: enter someone else's address"),
                        ErrorDetails{.field = QStringLiteral("email")});
        const QString senderName = sender && !sender->name.isEmpty()
                                       ? sender->name
                                       : (senderEmail.isEmpty() ? caller.subject : senderEmail);
        TicketTransferRepository::offer(tx,
                                        {ticket.id,
                                         caller.subject,
                                         senderName,
                                         email,
                                         link.hash,
                                         link.token,
                                         ticket.version,
                                         m_settings.transferSeconds,
                                         sender && !sender->locale.isEmpty()
                                             ? sender->locale
                                             : QStringLiteral("en")});
        const auto pending = TicketTransferRepository::pendingOf(tx, caller.subject);
        for (const PendingTransfer &p : pending) {
            if (p.ticketId == ticket.id)
                return p;
        }
        throw std::logic_error("the offer just made is not pending");
    });
}

Result<bool> TicketTransfers::cancel(const Principal &caller, const QString &ticketId)
{
    if (!isUuid(ticketId))
        return Error(ErrorCode::NotFound, kNoTicket);
    return resultInTransaction<bool>(m_database, [&](db::Tx &tx) {
        const auto ticket = TicketTransferRepository::lock(tx, ticketId.toLower());
        if (!ticket)
            throw Error(ErrorCode::NotFound, kNoTicket);
        if (ticket->holder != caller.subject)
            throw Error(ErrorCode::NotTicketHolder, QStringLiteral("this ticket is not yours"));
        if (!TicketTransferRepository::cancel(tx, ticket->id))
            throw Error(ErrorCode::NotFound, QStringLiteral("this ticket has no pending transfer"));
        return true;
    });
}

Result<TransferOffer> TicketTransfers::lookup(const QString &token)
{
    std::optional<TransferOffer> offer;
    m_database.transact(
        [&](db::Tx &tx) { offer = TicketTransferRepository::find(tx, LinkToken::hashOf(token)); });
    if (!offer || offer->state != u"live")
        return linkRefusal(offer);
    return *offer;
}

Result<AcceptedTransfer> TicketTransfers::accept(const Principal &caller, const QString &token)
{
    const QByteArray hash = LinkToken::hashOf(token);
    return resultInTransaction<AcceptedTransfer>(m_database, [&](db::Tx &tx) {
        const auto offer = TicketTransferRepository::find(tx, hash);
        if (offer && offer->state == u"withdrawn") {
            // Admitted at the door meanwhile: said as such (the race with a scan of the old code).
            const auto ticket = TicketTransferRepository::lock(tx, offer->ticketId);
            if (ticket && ticket->used)
                throw Error(ErrorCode::TicketUsed,
                            QStringLiteral("this ticket was used at the door: it cannot be "
                                           "passed on"));
        }
        if (!offer || offer->state != u"live")
            throw linkRefusal(offer);
        // The ticket's row first, as a scan takes it: of an acceptance and a scan of the old
        // code, whichever locks first decides, and the other sees its result.
        const auto ticket = transferable(tx, offer->ticketId, {});
        if (ticket.holder == caller.subject)
            throw Error(ErrorCode::TransferToSelf, QStringLiteral("this ticket is yours already"));
        // The link works for the address it was sent to, whoever else it reaches.
        const auto account = db::UserRepository::findByName(tx, caller.subject);
        const QString callerEmail = account && !account->email.isEmpty() ? account->email
                                                                         : caller.subject;
        if (callerEmail.compare(offer->recipientEmail, Qt::CaseInsensitive) != 0)
            throw Error(ErrorCode::TransferWrongRecipient,
                        QStringLiteral("this ticket was sent to another e-mail address: sign in "
                                       "with the account of that address to accept it"));
        // A clerk reissued it since the offer: the code offered is not the ticket's any more.
        if (ticket.holder != offer->sender || ticket.version != offer->fromVersion
            || !TicketTransferRepository::accept(tx, offer->id, caller.subject))
            throw linkRefusal(TicketTransferRepository::find(tx, hash).value_or(
                TransferOffer{.state = QStringLiteral("expired")}));
        AcceptedTransfer done{ticket.id, ticket.eventId, {}, ticket.version + 1};
        done.code = m_codes.sign(ticket.id, ticket.eventId, ticket.seatId, ticket.gaId, done.version);
        TicketTransferRepository::handOver(tx,
                                           offer->id,
                                           ticket.id,
                                           caller.subject,
                                           done.version,
                                           done.code);
        return done;
    });
}

Result<MyTransfers> TicketTransfers::mine(const Principal &caller)
{
    MyTransfers out;
    m_database.transact([&](db::Tx &tx) {
        out.offered = TicketTransferRepository::pendingOf(tx, caller.subject);
        out.received = TicketTransferRepository::receivedBy(tx, caller.subject);
    });
    return out;
}

} // namespace boxoffice::server::domain
