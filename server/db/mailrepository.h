// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mailoutbox.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::server::db {

class Tx;

/// A mail job claimed for sending.
struct MailJob
{
    qint64 id = 0;
    QString orderId;
    QString recipient;
    QString locale;
    QString messageId;
    int attempts = 0;
    int interrupted = 0; ///< earlier claims that ended without a record
    QString kind;        ///< paid, again (the tickets); rescheduled, cancelled (notices); invoice
    qint64 invoiceNumber = 0; ///< an invoice job: the invoice (or cancellation) it sends
};

/// One ticket of a mailed order, with what names its place.
struct MailTicket
{
    QString ticketId;
    QString code;
    QString seatId;
    QString section;
    QString row;
    QString number;
    QString gaName;
};

/// The order facts a mail shows.
struct MailOrder
{
    QString eventTitle;
    QDateTime startsAt;
    QString timeZone;
    QString venueName;
    QString city;
    QList<MailTicket> tickets; ///< valid ones
};

/// Where an order's mail goes unless told otherwise (empty email: nowhere known).
struct MailContact
{
    QString email;
    QString locale;
};

/// The mail outbox (`mail_jobs`, filled by the trigger of migration 0071).
class MailRepository : public MailOutbox<MailRepository>
{
public:
    /// Records the fan's e-mail and language on an order (a counter sale that names them);
    /// call before the order is marked paid.
    static void setContact(Tx &tx,
                           const QString &orderId,
                           const QString &email,
                           const QString &locale);
    /// The order's own recipient, as the paid trigger picks it: the counter sale's contact,
    /// else an online fan's account e-mail (and locale).
    static MailContact contactOf(Tx &tx, const QString &orderId);
    /// Queues a deliberate resend (migration 0085): a new job whose Message-ID is
    /// `tickets-<order>-again-<job id>`, so it is a new message, while its own retries keep it.
    static MailJob queueAgain(Tx &tx,
                              const QString &orderId,
                              const QString &recipient,
                              const QString &locale,
                              const QString &requestedBy);
    /// Claims the next due job for `leaseSeconds` (a job whose claim lapsed counts as
    /// interrupted); nullopt when none is due.
    static std::optional<MailJob> claim(Tx &tx, int leaseSeconds);
    static std::optional<MailOrder> order(Tx &tx, const QString &orderId);
    /// Jobs per status (pending, sending, sent, failed).
    static QHash<QString, qint64> counts(Tx &tx);
};

} // namespace boxoffice::server::db
