// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/ticketcode.h>

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace boxoffice::client {

/// Checks ticket codes offline (Ed25519, OpenSSL) against the keys the server publishes at
/// GET /events/{id}/ticket-keys: what a door scanner needs when the server is out of reach.
class TicketVerifier
{
public:
    /// Replaces the known keys: key id -> 32-byte public key (RFC 8037 `x`, decoded).
    void setKeys(QHash<QString, QByteArray> keys) { m_keys = std::move(keys); }
    /// Reads `{"keys":[{"kid","x",...}]}`; returns how many Ed25519 keys it took.
    int setKeysFromJson(const QJsonObject &answer);
    const QHash<QString, QByteArray> &keys() const { return m_keys; }

    /// The payload of `code` when its signature is right under a known key; nullopt otherwise.
    std::optional<core::TicketPayload> verify(const QString &code) const;

private:
    QHash<QString, QByteArray> m_keys;
};

} // namespace boxoffice::client
