// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config.h"
#include "mail/mailworker.h"

namespace boxoffice::server {

/// The mail settings from the environment (docs/tickets.md): BOXOFFICE_SMTP_URL,
/// BOXOFFICE_MAIL_FROM, BOXOFFICE_PUBLIC_URL, BOXOFFICE_SMTP_STARTTLS (required|optional),
/// BOXOFFICE_SMTP_CA_FILE, BOXOFFICE_SMTP_USER + BOXOFFICE_SMTP_PASSWORD,
/// BOXOFFICE_MAIL_LEASE_SECONDS, BOXOFFICE_MAIL_RETRY_BASE_MS, BOXOFFICE_MAIL_POLL_MS.
struct MailSetup
{
    bool enabled = false; ///< BOXOFFICE_SMTP_URL is set
    QString problem;      ///< why mail is off or misconfigured, for /readyz and the log
    mail::SmtpSettings smtp;
    mail::MailWorkerOptions worker;
    int pollMs = 1000;

    static MailSetup fromEnvironment(const Config &config);
};

} // namespace boxoffice::server
