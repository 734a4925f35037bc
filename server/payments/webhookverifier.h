// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace boxoffice::server::payments {

/// Checks `Payment-Signature` headers of provider webhooks (HMAC-SHA256, API.md).
class WebhookVerifier
{
public:
    /// Why a signature was refused (Ok when it was accepted).
    enum class Result { Ok, MalformedHeader, Stale, BadSignature };

    static constexpr qint64 kDefaultToleranceSeconds = 300;

    explicit WebhookVerifier(QByteArray secret, qint64 toleranceSeconds = kDefaultToleranceSeconds);

    /// Verifies the header against the raw body at `nowSeconds` (Unix time).
    Result verify(const QByteArray &header, const QByteArray &body, qint64 nowSeconds) const;
    /// Verifies against the current time.
    Result verify(const QByteArray &header, const QByteArray &body) const;

    /// Stable machine name of a result ("ok", "malformed_header", "stale", "bad_signature").
    static QString reasonCode(Result result);

private:
    QByteArray m_secret;
    qint64 m_toleranceSeconds;
};

} // namespace boxoffice::server::payments
