// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice::server::auth {

/// Ed25519 keys for ticket codes (OpenSSL's EdDSA), and the wrapping that keeps the private
/// halves encrypted at rest (AES-256-GCM under the operator's key file).
namespace TicketKeys {

/// A fresh key pair: the 32-byte private seed and the 32-byte public key (RFC 8037's `x`).
struct KeyPair
{
    QByteArray privateSeed;
    QByteArray publicKey;
};

KeyPair generate();
/// The Ed25519 signature (64 bytes) of `message` with the 32-byte private seed.
QByteArray sign(const QByteArray &privateSeed, QByteArrayView message);
/// True when `signature` is Ed25519's over `message` with the 32-byte public key.
bool verify(const QByteArray &publicKey, QByteArrayView message, const QByteArray &signature);

/// The private seed sealed with the 32-byte `wrappingKey`: nonce (12) + ciphertext + tag (16).
/// `context` (the key id) is bound as additional data, so a sealed seed cannot be moved to
/// another key's row.
QByteArray seal(const QByteArray &wrappingKey, const QByteArray &seed, const QByteArray &context);
/// The seed again; nullopt when the wrapping key or context is wrong or the bytes were changed.
std::optional<QByteArray> open(const QByteArray &wrappingKey,
                               const QByteArray &sealed,
                               const QByteArray &context);

} // namespace TicketKeys

} // namespace boxoffice::server::auth
