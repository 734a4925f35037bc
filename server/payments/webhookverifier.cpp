// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/webhookverifier.h"

#include "payments/webhooksignature.h"

#include <openssl/crypto.h>

#include <QList>

namespace boxoffice::server::payments {

namespace {

constexpr qsizetype kMaxHeaderLength = 4096;
constexpr qsizetype kMacHexLength = 64;

bool isDigits(const QByteArray &text)
{
    if (text.isEmpty() || text.size() > 18) // fits in qint64 without overflow
        return false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

bool isHex(const QByteArray &text)
{
    for (const char c : text) {
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex)
            return false;
    }
    return true;
}

} // namespace

WebhookVerifier::WebhookVerifier(QByteArray secret, qint64 toleranceSeconds)
    : m_secret(std::move(secret))
    , m_toleranceSeconds(toleranceSeconds)
{}

WebhookVerifier::Result WebhookVerifier::verify(const QByteArray &header,
                                                const QByteArray &body,
                                                qint64 nowSeconds) const
{
    if (header.isEmpty() || header.size() > kMaxHeaderLength)
        return Result::MalformedHeader;

    // t=<unix>,v1=<hex>[,v1=<hex>...]; other schemes (v0=...) are ignored for rotation.
    QByteArray timestampText;
    QList<QByteArray> signatures;
    for (const QByteArray &rawPart : header.split(',')) {
        const QByteArray part = rawPart.trimmed();
        const qsizetype eq = part.indexOf('=');
        if (eq <= 0)
            return Result::MalformedHeader;
        const QByteArray key = part.left(eq);
        const QByteArray value = part.mid(eq + 1);
        if (key == "t") {
            if (!timestampText.isNull() || !isDigits(value))
                return Result::MalformedHeader;
            timestampText = value;
        } else if (key == "v1") {
            if (value.size() != kMacHexLength || !isHex(value))
                return Result::MalformedHeader;
            signatures.append(QByteArray::fromHex(value));
        }
    }
    if (timestampText.isNull() || signatures.isEmpty())
        return Result::MalformedHeader;

    const qint64 timestamp = timestampText.toLongLong();
    if (timestamp < nowSeconds - m_toleranceSeconds || timestamp > nowSeconds + m_toleranceSeconds)
        return Result::Stale;

    // An unconfigured secret must never make every signature valid.
    const QByteArray expected = m_secret.isEmpty() ? QByteArray()
                                                   : webhookMac(m_secret, timestamp, body);
    if (expected.isEmpty())
        return Result::BadSignature;
    bool matched = false;
    for (const QByteArray &signature : signatures) {
        // Compare every candidate in constant time; no early exit on the first match.
        if (signature.size() == expected.size()
            && CRYPTO_memcmp(signature.constData(), expected.constData(), expected.size()) == 0)
            matched = true;
    }
    return matched ? Result::Ok : Result::BadSignature;
}

WebhookVerifier::Result WebhookVerifier::verify(const QByteArray &header,
                                                const QByteArray &body) const
{
    return verify(header, body, QDateTime::currentSecsSinceEpoch());
}

QString WebhookVerifier::reasonCode(Result result)
{
    switch (result) {
    case Result::Ok:
        return QStringLiteral("ok");
    case Result::MalformedHeader:
        return QStringLiteral("malformed_header");
    case Result::Stale:
        return QStringLiteral("stale");
    case Result::BadSignature:
        return QStringLiteral("bad_signature");
    }
    return QStringLiteral("bad_signature");
}

} // namespace boxoffice::server::payments
