#include "ticketcodes.h"

#include <QList>
#include <QMessageAuthenticationCode>
#include <QUuid>

namespace boxoffice::server::domain {

namespace {
constexpr auto kBase64 = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
constexpr int kMacBytes = 12;
} // namespace

QByteArray TicketCodes::mac(const QByteArray &idBytes) const
{
    return QMessageAuthenticationCode::hash("ticket:" + idBytes,
                                            m_secret,
                                            QCryptographicHash::Sha256)
        .left(kMacBytes);
}

QString TicketCodes::sign(const QString &ticketId) const
{
    const QByteArray id = QUuid::fromString(ticketId).toRfc4122();
    return QString::fromLatin1(id.toBase64(kBase64) + '.' + mac(id).toBase64(kBase64));
}

QString TicketCodes::verify(const QString &code) const
{
    if (code.size() > 100)
        return {};
    const QList<QByteArray> parts = code.toLatin1().split('.');
    if (parts.size() != 2)
        return {};
    const auto idResult
        = QByteArray::fromBase64Encoding(parts[0],
                                         kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    const auto tagResult
        = QByteArray::fromBase64Encoding(parts[1],
                                         kBase64 | QByteArray::AbortOnBase64DecodingErrors);
    if (!idResult || !tagResult)
        return {};
    const QByteArray id = idResult.decoded;
    const QByteArray tag = tagResult.decoded;
    if (id.size() != 16 || tag.size() != kMacBytes)
        return {};
    // Constant-time comparison: a scanner must not learn the MAC byte by byte.
    const QByteArray expected = mac(id);
    unsigned char diff = 0;
    for (int i = 0; i < kMacBytes; ++i)
        diff |= static_cast<unsigned char>(expected[i] ^ tag[i]);
    if (diff != 0)
        return {};
    return QUuid::fromRfc4122(id).toString(QUuid::WithoutBraces);
}

} // namespace boxoffice::server::domain
