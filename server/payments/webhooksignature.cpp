// SPDX-License-Identifier: GPL-3.0-or-later
#include "payments/webhooksignature.h"

#include <QStringBuilder>

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace boxoffice::server::payments {

QByteArray webhookMac(const QByteArray &secret, qint64 timestamp, const QByteArray &body)
{
    QByteArray message = QByteArray::number(timestamp);
    message.append('.').append(body);
    QByteArray mac(EVP_MAX_MD_SIZE, Qt::Uninitialized);
    unsigned int length = 0;
    const unsigned char *result = HMAC(EVP_sha256(),
                                       secret.constData(),
                                       static_cast<int>(secret.size()),
                                       reinterpret_cast<const unsigned char *>(message.constData()),
                                       static_cast<size_t>(message.size()),
                                       reinterpret_cast<unsigned char *>(mac.data()),
                                       &length);
    if (!result)
        return {};
    mac.truncate(static_cast<qsizetype>(length));
    return mac;
}

QByteArray signWebhook(const QByteArray &secret, qint64 timestamp, const QByteArray &body)
{
    return webhookMac(secret, timestamp, body).toHex();
}

QByteArray webhookSignatureHeader(const QByteArray &secret, qint64 timestamp, const QByteArray &body)
{
    return QByteArray("t=") + QByteArray::number(timestamp) + QByteArray(",v1=")
           + signWebhook(secret, timestamp, body);
}

} // namespace boxoffice::server::payments
