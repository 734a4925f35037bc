// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "invoicemail.h"
#include "mimemessage.h"
#include "smtpsender.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server::mail {

/// How the worker retries and leases (BOXOFFICE_MAIL_* in docs/tickets.md).
struct MailWorkerOptions
{
    QString publicUrl;            ///< where the order link points (BOXOFFICE_PUBLIC_URL)
    int leaseSeconds = 120;       ///< a claim this old without a record was interrupted
    double retryBaseSeconds = 2;  ///< first retry delay; doubles per attempt
    double retryMaxSeconds = 300; ///< the longest delay between attempts
    int maxAttempts = 12;         ///< then the job is failed for good
};

/// Sends the mail outboxes off the request path (tickets' jobs, then account mails): claims a due
/// job, composes the message in the fan's language (with the tickets' PDF), sends it, records the outcome. A crash between sending
/// and recording leaves the claim to lapse: the message goes once more with the same
/// Message-ID, and a job interrupted twice is failed rather than sent a third time.
class MailWorker
{
public:
    /// The order's tickets as a PDF in the fan's language (empty: none attached).
    using PdfRenderer = std::function<QByteArray(const QString &orderId, const QString &locale)>;
    /// The order's invoice `number` as a PDF in the buyer's language (empty pdf: none such).
    using InvoiceRenderer = std::function<
        InvoiceDocument(const QString &orderId, qint64 number, const QString &locale)>;

    MailWorker(db::Database &database,
               SmtpSender sender,
               MailWorkerOptions options,
               PdfRenderer renderPdf,
               InvoiceRenderer renderInvoice = {});

    /// Sends what is due; returns how many jobs it handled. Never throws.
    int runOnce();
    /// Refreshes the sent/failed/pending gauges from the outbox.
    void updateMetrics();

private:
    bool handle();
    /// One account mail (verification, password reset), if one is due.
    bool handleAccountMail();
    /// One ticket-transfer mail (the offer, or that it went through), if one is due.
    bool handleTransferMail();
    /// One waiting-list offer mail, if one is due.
    bool handleWaitingMail();
    /// Sends a claimed job's message and records the outcome in `Outbox` (an outbox repository:
    /// markSent, retry): sent, or a retry after a growing delay, given up after the last attempt
    /// or when a message handed over but unconfirmed was interrupted before. True when sent.
    /// `who` names the recipient in the log.
    template<typename Outbox, typename Job>
    bool deliver(const Job &job,
                 const MimeMessage &message,
                 const QString &what,
                 const QString &who);

    db::Database &m_database;
    SmtpSender m_sender;
    MailWorkerOptions m_options;
    PdfRenderer m_renderPdf;
    InvoiceRenderer m_renderInvoice;
    QString m_domain;
};

} // namespace boxoffice::server::mail
