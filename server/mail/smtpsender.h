// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace boxoffice::server::mail {

/// Where mail goes: BOXOFFICE_SMTP_URL (`smtp://[user:password@]host:port` with STARTTLS when
/// the server offers it, or `smtps://` for TLS from the start) and BOXOFFICE_MAIL_FROM. The
/// relay's certificate is always verified (system CAs, or `caFile`); credentials are only ever
/// sent over TLS.
struct SmtpSettings
{
    QUrl url;
    QString from;
    bool requireTls = false; ///< BOXOFFICE_SMTP_STARTTLS=required: refuse to send in the clear
    QString caFile;          ///< BOXOFFICE_SMTP_CA_FILE: trust this CA (a private relay)
    QString user;            ///< BOXOFFICE_SMTP_USER, else the URL's user
    QString password;        ///< BOXOFFICE_SMTP_PASSWORD, else the URL's password
    int timeoutMs = 20000;
};

/// Sends one message through libcurl's SMTP client (libcurl appears only in this folder).
/// Blocking: call it off the request path.
class SmtpSender
{
public:
    explicit SmtpSender(SmtpSettings settings);

    /// Hands `message` (RFC 5322 text, CRLF line ends) to the relay for `to`; false with
    /// `error` when the relay did not accept it. `handedOver` says whether every byte had gone
    /// out before the failure (the relay may have the message: a retry may duplicate it).
    bool send(const QString &to,
              const QByteArray &message,
              QString *error,
              bool *handedOver = nullptr) const;
    const SmtpSettings &settings() const { return m_settings; }

private:
    SmtpSettings m_settings;
};

} // namespace boxoffice::server::mail
