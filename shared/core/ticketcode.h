// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice::core {

/// What a signed ticket code says (API.md "Tickets that scanners can check offline").
struct TicketPayload
{
    QString ticketId;
    QString eventId;
    QString seatId; ///< empty for general admission
    QString gaId;   ///< empty for a seat
    int version = 1;
    QString keyId;
};

/// A code split into its parts: the payload's exact bytes (what the signature covers) and the
/// signature. Parsing checks the shape only; a verifier checks the signature.
struct TicketCode
{
    TicketPayload payload;
    QByteArray payloadBytes;
    QByteArray signature;

    /// `<payload>.<signature>`, both base64url without padding; nullopt for anything else.
    static std::optional<TicketCode> parse(QStringView code);
    /// The payload's JSON bytes, members in the documented order t, e, s, g, v, k.
    static QByteArray encodePayload(const TicketPayload &payload);
    /// `<payload>.<signature>` for these bytes and signature.
    static QString join(const QByteArray &payloadBytes, const QByteArray &signature);
};

/// Base64url without padding, the alphabet of codes and of the published keys' `x`.
QByteArray toBase64Url(const QByteArray &bytes);
/// Strict decoding of base64url without padding; nullopt on any stray character.
std::optional<QByteArray> fromBase64Url(QByteArrayView text);

} // namespace boxoffice::core
