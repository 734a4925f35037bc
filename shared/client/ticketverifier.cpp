// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketverifier.h"

#include <QJsonArray>
#include <QJsonObject>

#include <openssl/evp.h>

#include <memory>

namespace boxoffice::client {

namespace {

struct PkeyDeleter
{
    void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
struct MdCtxDeleter
{
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};

bool ed25519Verify(const QByteArray &publicKey, const QByteArray &message, const QByteArray &sig)
{
    if (publicKey.size() != 32 || sig.size() != 64)
        return false;
    std::unique_ptr<EVP_PKEY, PkeyDeleter> key(
        EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519,
                                    nullptr,
                                    reinterpret_cast<const unsigned char *>(publicKey.constData()),
                                    32));
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    if (!key || !ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1)
        return false;
    return EVP_DigestVerify(ctx.get(),
                            reinterpret_cast<const unsigned char *>(sig.constData()),
                            size_t(sig.size()),
                            reinterpret_cast<const unsigned char *>(message.constData()),
                            size_t(message.size()))
           == 1;
}

} // namespace

int TicketVerifier::setKeysFromJson(const QJsonObject &answer)
{
    QHash<QString, QByteArray> keys;
    for (const QJsonValue &value : answer.value(u"keys").toArray()) {
        const QJsonObject key = value.toObject();
        if (key.value(u"crv").toString() != u"Ed25519")
            continue;
        const auto x = core::fromBase64Url(key.value(u"x").toString().toLatin1());
        if (x && x->size() == 32)
            keys.insert(key.value(u"kid").toString(), *x);
    }
    m_keys = std::move(keys);
    return int(m_keys.size());
}

std::optional<core::TicketPayload> TicketVerifier::verify(const QString &code) const
{
    const auto parsed = core::TicketCode::parse(code);
    if (!parsed)
        return std::nullopt;
    const auto key = m_keys.constFind(parsed->payload.keyId);
    if (key == m_keys.constEnd() || !ed25519Verify(*key, parsed->payloadBytes, parsed->signature))
        return std::nullopt;
    return parsed->payload;
}

} // namespace boxoffice::client
