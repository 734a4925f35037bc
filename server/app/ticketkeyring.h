// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config.h"
#include "domain/ticketcodes.h"

namespace boxoffice::server::db {
class Database;
}

namespace boxoffice::server {

/// Where the ticket signing keys come from: the `ticket_keys` table, their private halves
/// sealed with the wrapping key (docs/tickets.md).
class TicketKeyring
{
public:
    /// The wrapping key: SHA-256 of BOXOFFICE_TICKET_KEY_FILE's bytes, or (development, with a
    /// warning) derived from the ticket or JWT secret. Empty, with `error`, when the file is
    /// named but unreadable or shorter than 32 bytes.
    static QByteArray wrappingKey(const Config &config, QString *error);
    /// The secret first-format (HMAC) codes were signed with, as the server always derived it.
    static QByteArray legacySecret(const Config &config);

    TicketKeyring(db::Database &database, QByteArray wrappingKey);

    /// Creates the first key when there is none (one decision across servers).
    void ensureKey();
    /// A new signing key; older ones stay published. Its key id.
    QString rotate();
    /// Reads and unseals every key (keys sealed with another wrapping key come back without
    /// their private half, and are logged).
    QList<domain::TicketKey> load() const;

private:
    db::Database &m_database;
    QByteArray m_wrappingKey;
};

} // namespace boxoffice::server
