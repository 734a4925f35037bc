// SPDX-License-Identifier: GPL-3.0-or-later
#include "mailsetup.h"

#include <QFileInfo>

namespace boxoffice::server {

namespace {

int number(const char *variable, int fallback, int min, int max)
{
    bool ok = false;
    const int value = qEnvironmentVariable(variable).toInt(&ok);
    return ok && value >= min && value <= max ? value : fallback;
}

} // namespace

MailSetup MailSetup::fromEnvironment(const Config &config)
{
    MailSetup setup;
    const QString url = qEnvironmentVariable("BOXOFFICE_SMTP_URL");
    setup.worker.publicUrl = qEnvironmentVariable("BOXOFFICE_PUBLIC_URL");
    if (setup.worker.publicUrl.isEmpty())
        setup.worker.publicUrl = u"http://"_qs + config.listen;
    while (setup.worker.publicUrl.endsWith(u'/'))
        setup.worker.publicUrl.chop(1);
    if (url.isEmpty()) {
        setup.problem = QStringLiteral("BOXOFFICE_SMTP_URL is unset: no mail is sent");
        return setup;
    }
    setup.smtp.url = QUrl(url);
    if (!setup.smtp.url.isValid()
        || (setup.smtp.url.scheme() != u"smtp" && setup.smtp.url.scheme() != u"smtps")
        || setup.smtp.url.host().isEmpty()) {
        setup.problem = QStringLiteral("BOXOFFICE_SMTP_URL must be smtp://host:port or "
                                       "smtps://host:port");
        return setup;
    }
    setup.smtp.from = qEnvironmentVariable("BOXOFFICE_MAIL_FROM");
    if (!setup.smtp.from.contains(u'@')) {
        setup.problem = QStringLiteral("BOXOFFICE_MAIL_FROM must be an address (Box Office "
                                       "<tickets@example.com>)");
        return setup;
    }
    const QString startTls = qEnvironmentVariable("BOXOFFICE_SMTP_STARTTLS");
    if (!startTls.isEmpty() && startTls != u"required" && startTls != u"optional") {
        setup.problem = QStringLiteral("BOXOFFICE_SMTP_STARTTLS must be required or optional");
        return setup;
    }
    setup.smtp.requireTls = startTls == u"required";
    setup.smtp.caFile = qEnvironmentVariable("BOXOFFICE_SMTP_CA_FILE");
    // A CA file that cannot be read would fail every delivery: say so at start-up instead.
    if (!setup.smtp.caFile.isEmpty() && !QFileInfo(setup.smtp.caFile).isReadable()) {
        setup.problem = QStringLiteral("BOXOFFICE_SMTP_CA_FILE %1 cannot be read")
                            .arg(setup.smtp.caFile);
        return setup;
    }
    setup.smtp.user = qEnvironmentVariable("BOXOFFICE_SMTP_USER");
    setup.smtp.password = qEnvironmentVariable("BOXOFFICE_SMTP_PASSWORD");
    if (setup.smtp.user.isEmpty() != setup.smtp.password.isEmpty()) {
        setup.problem = QStringLiteral("BOXOFFICE_SMTP_USER and BOXOFFICE_SMTP_PASSWORD go "
                                       "together");
        return setup;
    }
    setup.smtp.timeoutMs = number("BOXOFFICE_SMTP_TIMEOUT_MS", 20000, 500, 300000);
    setup.worker.leaseSeconds = number("BOXOFFICE_MAIL_LEASE_SECONDS",
                                       std::max(120, setup.smtp.timeoutMs / 500 + 30),
                                       1,
                                       86400);
    setup.worker.retryBaseSeconds = number("BOXOFFICE_MAIL_RETRY_BASE_MS", 2000, 10, 600000)
                                    / 1000.0;
    setup.pollMs = number("BOXOFFICE_MAIL_POLL_MS", 1000, 10, 600000);
    setup.enabled = true;
    return setup;
}

} // namespace boxoffice::server
