// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketcodes.h"

#include "auth/ticketkeys.h"

#include <QList>
#include <QMessageAuthenticationCode>
#include <QUuid>

#include <stdexcept>

namespace boxoffice::server::domain {

namespace {
constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
constexpr int kLegacyMacBytes = 12;
// A forged code naming an unknown key must not make every scan read the database.
constexpr int kMissReloadSeconds = 5;
} // namespace

TicketCodes::TicketCodes(Loader loader, QByteArray legacySecret)
    : m_loader(std::move(loader))
    , m_legacySecret(std::move(legacySecret))
{
    reload();
}

void TicketCodes::reload() const
{
    QList<TicketKey> keys = m_loader ? m_loader() : QList<TicketKey>();
    QWriteLocker locker(&m_lock);
    m_keys = std::move(keys);
}

QList<TicketKey> TicketCodes::publicKeys() const
{
    QReadLocker locker(&m_lock);
    QList<TicketKey> out;
    for (const TicketKey &key : m_keys)
        out.append({key.kid, key.publicKey, {}});
    return out;
}

QString TicketCodes::sign(const QString &ticketId,
                          const QString &eventId,
                          const QString &seatId,
                          const QString &gaId,
                          int version) const
{
    TicketKey key;
    {
        QReadLocker locker(&m_lock);
        for (auto it = m_keys.crbegin(); it != m_keys.crend(); ++it) {
            if (!it->privateSeed.isEmpty()) {
                key = *it;
                break;
            }
        }
    }
    if (key.kid.isEmpty())
        throw std::runtime_error("no ticket signing key (see docs/tickets.md)");
    const core::TicketPayload payload{ticketId, eventId, seatId, gaId, version, key.kid};
    const QByteArray bytes = core::TicketCode::encodePayload(payload);
    return core::TicketCode::join(bytes, auth::TicketKeys::sign(key.privateSeed, bytes));
}

std::optional<core::TicketPayload> TicketCodes::verify(const QString &code) const
{
    const auto parsed = core::TicketCode::parse(code);
    if (!parsed)
        return verifyLegacy(code);
    auto publicKeyOf = [&](const QString &kid) -> QByteArray {
        QReadLocker locker(&m_lock);
        for (const TicketKey &key : m_keys) {
            if (key.kid == kid)
                return key.publicKey;
        }
        return {};
    };
    QByteArray publicKey = publicKeyOf(parsed->payload.keyId);
    if (publicKey.isEmpty()) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        bool due = false;
        {
            QWriteLocker locker(&m_lock);
            due = !m_lastMissReload.isValid() || m_lastMissReload.secsTo(now) >= kMissReloadSeconds;
            if (due)
                m_lastMissReload = now;
        }
        if (!due)
            return std::nullopt;
        reload();
        publicKey = publicKeyOf(parsed->payload.keyId);
    }
    if (publicKey.isEmpty()
        || !auth::TicketKeys::verify(publicKey, parsed->payloadBytes, parsed->signature))
        return std::nullopt;
    return parsed->payload;
}

std::optional<core::TicketPayload> TicketCodes::verifyLegacy(const QString &code) const
{
    if (code.size() > 100 || m_legacySecret.isEmpty())
        return std::nullopt;
    const QList<QByteArray> parts = code.toLatin1().split('.');
    if (parts.size() != 2)
        return std::nullopt;
    const auto id = QByteArray::fromBase64Encoding(parts[0],
                                                   kBase64
                                                       | QByteArray::AbortOnBase64DecodingErrors);
    const auto tag = QByteArray::fromBase64Encoding(parts[1],
                                                    kBase64
                                                        | QByteArray::AbortOnBase64DecodingErrors);
    if (!id || !tag || id.decoded.size() != 16 || tag.decoded.size() != kLegacyMacBytes)
        return std::nullopt;
    const QByteArray expected = QMessageAuthenticationCode::hash("ticket:" + id.decoded,
                                                                 m_legacySecret,
                                                                 QCryptographicHash::Sha256)
                                    .left(kLegacyMacBytes);
    // Constant-time comparison: a scanner must not learn the MAC byte by byte.
    unsigned char diff = 0;
    for (int i = 0; i < kLegacyMacBytes; ++i)
        diff |= static_cast<unsigned char>(expected[i] ^ tag.decoded[i]);
    if (diff != 0)
        return std::nullopt;
    core::TicketPayload payload;
    payload.ticketId = QUuid::fromRfc4122(id.decoded).toString(QUuid::WithoutBraces);
    payload.version = 0;
    return payload;
}

} // namespace boxoffice::server::domain
