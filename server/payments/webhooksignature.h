// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

namespace boxoffice::server::payments {

/// Hex HMAC-SHA256 of `timestamp + "." + body` with the shared webhook secret (API.md).
QByteArray signWebhook(const QByteArray &secret, qint64 timestamp, const QByteArray &body);

/// The full `Payment-Signature` header value: `t=<timestamp>,v1=<signWebhook(...)>`.
QByteArray webhookSignatureHeader(const QByteArray &secret,
                                  qint64 timestamp,
                                  const QByteArray &body);

/// Raw (binary) HMAC-SHA256 of `timestamp + "." + body`; shared by signer and verifier.
QByteArray webhookMac(const QByteArray &secret, qint64 timestamp, const QByteArray &body);

} // namespace boxoffice::server::payments
