#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::server::domain {

/// Signed ticket codes: base64url(ticket uuid) "." base64url(truncated HMAC-SHA256), 39 printable
/// characters that fit a small QR code. Only the server, holding the secret, can make one.
class TicketCodes
{
public:
    explicit TicketCodes(QByteArray secret)
        : m_secret(std::move(secret))
    {}

    /// The code of ticket `ticketId` (a UUID string).
    QString sign(const QString &ticketId) const;
    /// The ticket id inside `code` when the signature is right; empty otherwise.
    QString verify(const QString &code) const;

private:
    QByteArray mac(const QByteArray &idBytes) const;
    QByteArray m_secret;
};

} // namespace boxoffice::server::domain
