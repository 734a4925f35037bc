// SPDX-License-Identifier: GPL-3.0-or-later
#include "mailworker.h"

#include "accountmail.h"
#include "db/accountmailrepository.h"
#include "db/database.h"
#include "db/mailrepository.h"
#include "db/transfermailrepository.h"
#include "db/waitingmailrepository.h"
#include "metrics/registry.h"
#include "mimemessage.h"
#include "ticketmail.h"
#include "transfermail.h"
#include "waitingmail.h"

#include <QLoggingCategory>

#include <cmath>

namespace boxoffice::server::mail {

Q_LOGGING_CATEGORY(lcMail, "boxoffice.mail")

namespace {

constexpr int kJobsPerRun = 50;

// The language a document is written in: Spanish for es, es-ES, es_MX; else English.
QString documentLanguage(const QString &locale)
{
    return locale.section(u'-', 0, 0).section(u'_', 0, 0).toLower() == u"es" ? QStringLiteral("es")
                                                                             : QStringLiteral("en");
}

metrics::Counter &attemptsCounter(const char *result)
{
    return metrics::Registry::instance()
        .counter(QStringLiteral("boxoffice_mail_attempts_total"),
                 QStringLiteral("SMTP deliveries tried, by result"),
                 QStringLiteral("result=\"%1\"").arg(QLatin1String(result)));
}

} // namespace

MailWorker::MailWorker(db::Database &database,
                       SmtpSender sender,
                       MailWorkerOptions options,
                       PdfRenderer renderPdf,
                       InvoiceRenderer renderInvoice)
    : m_database(database)
    , m_sender(std::move(sender))
    , m_options(std::move(options))
    , m_renderPdf(std::move(renderPdf))
    , m_renderInvoice(std::move(renderInvoice))
{
    const QString from = m_sender.settings().from;
    const qsizetype at = from.lastIndexOf(u'@');
    m_domain = at < 0 ? QStringLiteral("boxoffice.invalid")
                      : from.mid(at + 1).remove(u'>').trimmed();
}

int MailWorker::runOnce()
{
    int handled = 0;
    try {
        while (handled < kJobsPerRun && handle())
            ++handled;
        while (handled < kJobsPerRun && handleAccountMail())
            ++handled;
        while (handled < kJobsPerRun && handleTransferMail())
            ++handled;
        while (handled < kJobsPerRun && handleWaitingMail())
            ++handled;
    } catch (const std::exception &error) {
        qCWarning(lcMail) << "mail worker:" << error.what();
    }
    updateMetrics();
    return handled;
}

bool MailWorker::handle()
{
    std::optional<db::MailJob> job;
    m_database.transact(
        [&](db::Tx &tx) { job = db::MailRepository::claim(tx, m_options.leaseSeconds); });
    if (!job)
        return false;
    // Sent once already, perhaps, and interrupted again: a third copy is worse than none.
    if (job->interrupted > 1) {
        m_database.transact([&](db::Tx &tx) {
            db::MailRepository::retry(tx,
                                      job->id,
                                      QStringLiteral("interrupted twice after sending: not sent "
                                                     "again"),
                                      0,
                                      true);
        });
        attemptsCounter("failed").add();
        return true;
    }
    std::optional<db::MailOrder> order;
    m_database.transact([&](db::Tx &tx) { order = db::MailRepository::order(tx, job->orderId); });
    if (!order) {
        m_database.transact([&](db::Tx &tx) {
            db::MailRepository::retry(tx, job->id, QStringLiteral("order not found"), 0, true);
        });
        return true;
    }

    OrderMailFacts facts;
    facts.orderId = job->orderId;
    facts.locale = job->locale;
    if (job->kind == u"rescheduled" || job->kind == u"cancelled")
        facts.notice = job->kind;
    facts.eventTitle = order->eventTitle;
    facts.startsAt = order->startsAt;
    facts.timeZone = order->timeZone;
    facts.venueName = order->venueName;
    facts.city = order->city;
    for (const db::MailTicket &ticket : std::as_const(order->tickets))
        facts.places.append(
            placeLine(job->locale, ticket.section, ticket.row, ticket.number, ticket.gaName));
    facts.orderLink = m_options.publicUrl + u"/shop/orders/" + job->orderId;
    InvoiceDocument invoice;
    if (job->kind == u"invoice") {
        if (m_renderInvoice)
            invoice = m_renderInvoice(job->orderId,
                                      job->invoiceNumber,
                                      documentLanguage(job->locale));
        if (invoice.pdf.isEmpty()) {
            m_database.transact([&](db::Tx &tx) {
                db::MailRepository::retry(tx, job->id, QStringLiteral("invoice not found"), 0, true);
            });
            return true;
        }
    }
    const TicketMailText text = invoice.pdf.isEmpty() ? composeTicketMail(facts)
                                                      : composeInvoiceMail(facts, invoice);

    MimeMessage message;
    message.from = m_sender.settings().from;
    message.to = job->recipient;
    message.subject = text.subject;
    message.messageId = job->messageId + u'@' + m_domain;
    message.date = QDateTime::currentDateTimeUtc();
    message.language = text.language;
    message.text = text.text;
    message.html = text.html;
    QString error;
    bool sent = false;
    bool handedOver = false;
    try {
        if (!invoice.pdf.isEmpty()) {
            message.attachment = Attachment{text.attachmentName, "application/pdf", invoice.pdf};
        } else if (m_renderPdf && !text.attachmentName.isEmpty()) {
            const QByteArray pdf = m_renderPdf(job->orderId, text.language);
            if (!pdf.isEmpty())
                message.attachment = Attachment{text.attachmentName, "application/pdf", pdf};
        }
        sent = m_sender.send(job->recipient, message.render(), &error, &handedOver);
    } catch (const std::exception &e) {
        error = QString::fromUtf8(e.what());
    }
    if (sent) {
        m_database.transact([&](db::Tx &tx) { db::MailRepository::markSent(tx, job->id); });
        attemptsCounter("sent").add();
        qCInfo(lcMail) << "mailed order" << job->orderId << "to" << job->recipient;
        return true;
    }
    // Handed over but unconfirmed, a second time: the fan may have two copies already.
    const bool final = job->attempts >= m_options.maxAttempts
                       || (handedOver && job->interrupted > 0);
    const double delay = std::min(m_options.retryMaxSeconds,
                                  m_options.retryBaseSeconds
                                      * std::pow(2.0, std::max(0, job->attempts - 1)));
    m_database.transact([&](db::Tx &tx) {
        db::MailRepository::retry(tx, job->id, error, delay, final, handedOver);
    });
    attemptsCounter("failed").add();
    qCWarning(lcMail) << "mail for order" << job->orderId << "failed (attempt" << job->attempts
                      << (final ? "- giving up)" : ")") << error;
    // The relay is down: leave the rest for the next run rather than fail them all now.
    return false;
}

template<typename Outbox, typename Job>
bool MailWorker::deliver(const Job &job,
                         const MimeMessage &message,
                         const QString &what,
                         const QString &who)
{
    QString error;
    bool handedOver = false;
    bool sent = false;
    try {
        sent = m_sender.send(job.recipient, message.render(), &error, &handedOver);
    } catch (const std::exception &e) {
        error = QString::fromUtf8(e.what());
    }
    if (sent) {
        m_database.transact([&](db::Tx &tx) { Outbox::markSent(tx, job.id); });
        attemptsCounter("sent").add();
        qCInfo(lcMail) << "mailed" << what << job.id << "to" << who;
        return true;
    }
    const bool final = job.attempts >= m_options.maxAttempts || (handedOver && job.interrupted > 0);
    const double delay = std::min(m_options.retryMaxSeconds,
                                  m_options.retryBaseSeconds
                                      * std::pow(2.0, std::max(0, job.attempts - 1)));
    m_database.transact(
        [&](db::Tx &tx) { Outbox::retry(tx, job.id, error, delay, final, handedOver); });
    attemptsCounter("failed").add();
    qCWarning(lcMail) << what << job.id << "failed (attempt" << job.attempts
                      << (final ? "- giving up)" : ")") << error;
    return false;
}

bool MailWorker::handleAccountMail()
{
    std::optional<db::AccountMailJob> job;
    m_database.transact(
        [&](db::Tx &tx) { job = db::AccountMailRepository::claim(tx, m_options.leaseSeconds); });
    if (!job)
        return false;
    // As for tickets: a link mailed twice already is not mailed a third time; nor one whose
    // token is gone.
    const bool erased = job->purpose == u"erased"; // a confirmation: no link in it
    if (job->interrupted > 1 || (job->token.isEmpty() && !erased)) {
        m_database.transact([&](db::Tx &tx) {
            db::AccountMailRepository::retry(tx,
                                             job->id,
                                             QStringLiteral("interrupted twice: not sent again"),
                                             0,
                                             true);
        });
        attemptsCounter("failed").add();
        return true;
    }
    AccountMailFacts facts;
    facts.purpose = job->purpose;
    facts.name = job->name;
    facts.locale = job->locale;
    // The token rides in the fragment: browsers never send it to a server or in a Referer.
    if (erased)
        facts.link = m_options.publicUrl + u'/';
    else
        facts.link = m_options.publicUrl
                     + (job->purpose == u"reset" ? QStringLiteral("/account/reset-password#token=")
                                                 : QStringLiteral("/account/verify#token="))
                     + job->token;
    facts.validHours = job->validSeconds >= 7200 ? job->validSeconds / 3600 : 0;
    facts.validMinutes = job->validSeconds / 60;
    const AccountMailText text = composeAccountMail(facts);

    MimeMessage message;
    message.from = m_sender.settings().from;
    message.to = job->recipient;
    message.subject = text.subject;
    message.messageId = QStringLiteral("account-%1-%2@").arg(job->purpose).arg(job->id) + m_domain;
    message.date = QDateTime::currentDateTimeUtc();
    message.language = text.language;
    message.text = text.text;
    message.html = text.html;
    // An erased account's address is not written down, not even in the log.
    return deliver<db::AccountMailRepository>(*job,
                                              message,
                                              job->purpose + u" mail",
                                              erased ? QStringLiteral("an erased account")
                                                     : job->recipient);
}

bool MailWorker::handleTransferMail()
{
    std::optional<db::TransferMailJob> job;
    m_database.transact(
        [&](db::Tx &tx) { job = db::TransferMailRepository::claim(tx, m_options.leaseSeconds); });
    if (!job)
        return false;
    // As for the other mails: never a third copy, and no offer without its token.
    if (job->interrupted > 1 || (job->kind == u"offer" && job->token.isEmpty())) {
        m_database.transact([&](db::Tx &tx) {
            db::TransferMailRepository::retry(tx,
                                              job->id,
                                              QStringLiteral("interrupted twice: not sent again"),
                                              0,
                                              true);
        });
        attemptsCounter("failed").add();
        return true;
    }
    TransferMailFacts facts;
    facts.kind = job->kind;
    facts.name = job->name;
    facts.otherParty = job->otherParty;
    facts.eventTitle = job->eventTitle;
    facts.startsAt = QDateTime::fromString(job->startsAt, Qt::ISODate);
    facts.timeZone = job->timeZone;
    facts.place = placeLine(job->locale, job->section, job->row, job->number, job->gaName);
    facts.code = job->code;
    facts.locale = job->locale;
    facts.validHours = job->validSeconds / 3600;
    // The token rides in the fragment, as the account links' do.
    facts.link = job->kind == u"offer"
                     ? QString(m_options.publicUrl + u"/account/transfer#token=" + job->token)
                     : QString(m_options.publicUrl + u"/account/tickets");
    const AccountMailText text = composeTransferMail(facts);

    MimeMessage message;
    message.from = m_sender.settings().from;
    message.to = job->recipient;
    message.subject = text.subject;
    message.messageId = QStringLiteral("transfer-%1-%2@").arg(job->kind).arg(job->id) + m_domain;
    message.date = QDateTime::currentDateTimeUtc();
    message.language = text.language;
    message.text = text.text;
    message.html = text.html;
    return deliver<db::TransferMailRepository>(*job,
                                               message,
                                               u"transfer " + job->kind,
                                               job->recipient);
}

bool MailWorker::handleWaitingMail()
{
    std::optional<db::WaitingMailJob> job;
    m_database.transact(
        [&](db::Tx &tx) { job = db::WaitingMailRepository::claim(tx, m_options.leaseSeconds); });
    if (!job)
        return false;
    // As for the other mails: never a third copy.
    if (job->interrupted > 1) {
        m_database.transact([&](db::Tx &tx) {
            db::WaitingMailRepository::retry(tx,
                                             job->id,
                                             QStringLiteral("interrupted twice: not sent again"),
                                             0,
                                             true);
        });
        attemptsCounter("failed").add();
        return true;
    }
    WaitingMailFacts facts;
    facts.name = job->name;
    facts.eventTitle = job->eventTitle;
    facts.startsAt = QDateTime::fromString(job->startsAt, Qt::ISODate);
    facts.expiresAt = QDateTime::fromString(job->expiresAt, Qt::ISODate);
    facts.timeZone = job->timeZone;
    facts.locale = job->locale;
    for (const QString &place : std::as_const(job->places)) {
        const QStringList parts = place.split(u'|');
        facts.places.append(
            placeLine(job->locale, parts.value(0), parts.value(1), parts.value(2), QString()));
    }
    facts.link = m_options.publicUrl + u"/account/waiting-list/" + job->eventId;
    const AccountMailText text = composeWaitingMail(facts);

    MimeMessage message;
    message.from = m_sender.settings().from;
    message.to = job->recipient;
    message.subject = text.subject;
    message.messageId = QStringLiteral("waiting-%1-%2@").arg(job->kind).arg(job->id) + m_domain;
    message.date = QDateTime::currentDateTimeUtc();
    message.language = text.language;
    message.text = text.text;
    message.html = text.html;
    return deliver<db::WaitingMailRepository>(*job,
                                              message,
                                              u"waiting-list " + job->kind,
                                              job->recipient);
}

void MailWorker::updateMetrics()
{
    try {
        QHash<QString, qint64> counts;
        m_database.transact([&](db::Tx &tx) { counts = db::MailRepository::counts(tx); });
        auto &registry = metrics::Registry::instance();
        const QString help = QStringLiteral("Tickets mails in the outbox, by state");
        registry
            .gauge(QStringLiteral("boxoffice_mail_jobs"), help, QStringLiteral("state=\"sent\""))
            .set(double(counts.value(QStringLiteral("sent"))));
        registry
            .gauge(QStringLiteral("boxoffice_mail_jobs"), help, QStringLiteral("state=\"failed\""))
            .set(double(counts.value(QStringLiteral("failed"))));
        registry
            .gauge(QStringLiteral("boxoffice_mail_jobs"), help, QStringLiteral("state=\"pending\""))
            .set(double(counts.value(QStringLiteral("pending"))
                        + counts.value(QStringLiteral("sending"))));
    } catch (const std::exception &error) {
        qCWarning(lcMail) << "mail metrics:" << error.what();
    }
}

} // namespace boxoffice::server::mail
