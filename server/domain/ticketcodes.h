// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ticketcode.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QReadWriteLock>
#include <QString>

#include <functional>
#include <optional>

namespace boxoffice::server::domain {

/// A signing key of the keyring: the private seed is present once unsealed.
struct TicketKey
{
    QString kid;
    QByteArray publicKey;   ///< 32 bytes
    QByteArray privateSeed; ///< 32 bytes; empty when it could not be unsealed
};

/// Ticket codes (API.md "Tickets that scanners can check offline"): Ed25519 over the payload
/// JSON with the keyring's newest key; every key stays published so that rotation never voids
/// an issued ticket. Codes of the first format (base64url(uuid) "." truncated HMAC) still
/// verify here, for tickets issued before; scanners offline know only the signed format.
class TicketCodes
{
public:
    /// Reads every key (oldest first), unsealed. Called at start, by reload() and when a code
    /// names a key this keyring has not seen (another server rotated).
    using Loader = std::function<QList<TicketKey>()>;

    TicketCodes(Loader loader, QByteArray legacySecret);

    /// The code of this ticket at `version`, signed with the newest key.
    QString sign(const QString &ticketId,
                 const QString &eventId,
                 const QString &seatId,
                 const QString &gaId,
                 int version) const;
    /// What a code says when its signature is right. A legacy code yields its ticket id with
    /// version 0 and no event (the database knows it).
    std::optional<core::TicketPayload> verify(const QString &code) const;
    /// Every public key, oldest first.
    QList<TicketKey> publicKeys() const;
    /// Reads the keys again (a rotation by another process).
    void reload() const;

private:
    std::optional<core::TicketPayload> verifyLegacy(const QString &code) const;

    Loader m_loader;
    QByteArray m_legacySecret;
    mutable QReadWriteLock m_lock;
    mutable QList<TicketKey> m_keys;
    mutable QDateTime m_lastMissReload;
};

} // namespace boxoffice::server::domain
