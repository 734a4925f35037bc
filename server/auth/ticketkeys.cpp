// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketkeys.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <memory>
#include <stdexcept>

namespace boxoffice::server::auth::TicketKeys {

namespace {

constexpr int kKeyBytes = 32;
constexpr int kNonceBytes = 12;
constexpr int kTagBytes = 16;

struct PkeyDeleter
{
    void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
struct MdCtxDeleter
{
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
struct CipherCtxDeleter
{
    void operator()(EVP_CIPHER_CTX *ctx) const { EVP_CIPHER_CTX_free(ctx); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyDeleter>;

const auto *bytes(const QByteArray &data)
{
    return reinterpret_cast<const unsigned char *>(data.constData());
}

auto *bytes(QByteArray &data)
{
    return reinterpret_cast<unsigned char *>(data.data());
}

} // namespace

KeyPair generate()
{
    KeyPair pair;
    pair.privateSeed.resize(kKeyBytes);
    if (RAND_bytes(bytes(pair.privateSeed), kKeyBytes) != 1)
        throw std::runtime_error("RAND_bytes failed");
    Pkey key(
        EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr, bytes(pair.privateSeed), kKeyBytes));
    size_t length = kKeyBytes;
    pair.publicKey.resize(kKeyBytes);
    if (!key || EVP_PKEY_get_raw_public_key(key.get(), bytes(pair.publicKey), &length) != 1)
        throw std::runtime_error("Ed25519 key generation failed");
    return pair;
}

QByteArray sign(const QByteArray &privateSeed, QByteArrayView message)
{
    Pkey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519,
                                          nullptr,
                                          bytes(privateSeed),
                                          size_t(privateSeed.size())));
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    QByteArray signature(64, '\0');
    size_t length = size_t(signature.size());
    if (!key || !ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1
        || EVP_DigestSign(ctx.get(),
                          bytes(signature),
                          &length,
                          reinterpret_cast<const unsigned char *>(message.data()),
                          size_t(message.size()))
               != 1)
        throw std::runtime_error("Ed25519 signing failed");
    return signature;
}

bool verify(const QByteArray &publicKey, QByteArrayView message, const QByteArray &signature)
{
    if (publicKey.size() != kKeyBytes || signature.size() != 64)
        return false;
    Pkey key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, bytes(publicKey), kKeyBytes));
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    if (!key || !ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1)
        return false;
    return EVP_DigestVerify(ctx.get(),
                            bytes(signature),
                            size_t(signature.size()),
                            reinterpret_cast<const unsigned char *>(message.data()),
                            size_t(message.size()))
           == 1;
}

QByteArray seal(const QByteArray &wrappingKey, const QByteArray &seed, const QByteArray &context)
{
    if (wrappingKey.size() != kKeyBytes)
        throw std::runtime_error("the ticket wrapping key must be 32 bytes");
    QByteArray out(kNonceBytes + seed.size() + kTagBytes, '\0');
    if (RAND_bytes(bytes(out), kNonceBytes) != 1)
        throw std::runtime_error("RAND_bytes failed");
    std::unique_ptr<EVP_CIPHER_CTX, CipherCtxDeleter> ctx(EVP_CIPHER_CTX_new());
    int length = 0;
    unsigned char *cipher = bytes(out) + kNonceBytes;
    if (!ctx
        || EVP_EncryptInit_ex(ctx.get(), EVP_aes_256_gcm(), nullptr, bytes(wrappingKey), bytes(out))
               != 1
        || EVP_EncryptUpdate(ctx.get(), nullptr, &length, bytes(context), int(context.size())) != 1
        || EVP_EncryptUpdate(ctx.get(), cipher, &length, bytes(seed), int(seed.size())) != 1
        || EVP_EncryptFinal_ex(ctx.get(), cipher + length, &length) != 1
        || EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, kTagBytes, cipher + seed.size())
               != 1)
        throw std::runtime_error("sealing a ticket key failed");
    return out;
}

std::optional<QByteArray> open(const QByteArray &wrappingKey,
                               const QByteArray &sealed,
                               const QByteArray &context)
{
    if (wrappingKey.size() != kKeyBytes || sealed.size() <= kNonceBytes + kTagBytes)
        return std::nullopt;
    const int plainBytes = int(sealed.size()) - kNonceBytes - kTagBytes;
    QByteArray plain(plainBytes, '\0');
    QByteArray tag = sealed.right(kTagBytes);
    std::unique_ptr<EVP_CIPHER_CTX, CipherCtxDeleter> ctx(EVP_CIPHER_CTX_new());
    int length = 0;
    if (!ctx
        || EVP_DecryptInit_ex(ctx.get(),
                              EVP_aes_256_gcm(),
                              nullptr,
                              bytes(wrappingKey),
                              bytes(sealed))
               != 1
        || EVP_DecryptUpdate(ctx.get(), nullptr, &length, bytes(context), int(context.size())) != 1
        || EVP_DecryptUpdate(ctx.get(), bytes(plain), &length, bytes(sealed) + kNonceBytes, plainBytes)
               != 1
        || EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, kTagBytes, tag.data()) != 1
        || EVP_DecryptFinal_ex(ctx.get(), bytes(plain) + length, &length) != 1)
        return std::nullopt;
    return plain;
}

} // namespace boxoffice::server::auth::TicketKeys
