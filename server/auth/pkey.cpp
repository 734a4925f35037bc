// SPDX-License-Identifier: GPL-3.0-or-later
#include "pkey.h"

#include <openssl/evp.h>
#include <openssl/pem.h>

namespace boxoffice::server::auth {

namespace {

struct BioDeleter
{
    void operator()(BIO *bio) const { BIO_free(bio); }
};
struct MdCtxDeleter
{
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};

std::unique_ptr<BIO, BioDeleter> memoryBio(const QByteArray &pem)
{
    return std::unique_ptr<BIO, BioDeleter>(BIO_new_mem_buf(pem.constData(), int(pem.size())));
}

} // namespace

PublicKey::PublicKey(EVP_PKEY *key, Kind kind)
    : m_key(key)
    , m_kind(kind)
{}

PublicKey::~PublicKey()
{
    EVP_PKEY_free(m_key);
}

std::unique_ptr<PublicKey> PublicKey::adopt(EVP_PKEY *key, QString *error)
{
    if (!key) {
        if (error)
            *error = QStringLiteral("not a PEM key");
        return nullptr;
    }
    const int id = EVP_PKEY_get_base_id(key);
    if (id == EVP_PKEY_RSA && EVP_PKEY_get_bits(key) >= 2048)
        return std::unique_ptr<PublicKey>(new PublicKey(key, Kind::Rsa));
    if (id == EVP_PKEY_ED25519)
        return std::unique_ptr<PublicKey>(new PublicKey(key, Kind::Ed25519));
    EVP_PKEY_free(key);
    if (error)
        *error = QStringLiteral("unsupported key type (need RSA >= 2048 bits or Ed25519)");
    return nullptr;
}

std::unique_ptr<PublicKey> PublicKey::fromPublicPem(const QByteArray &pem, QString *error)
{
    auto bio = memoryBio(pem);
    return adopt(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr), error);
}

std::unique_ptr<PublicKey> PublicKey::fromPrivatePem(const QByteArray &pem, QString *error)
{
    auto bio = memoryBio(pem);
    return adopt(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr), error);
}

QString PublicKey::algorithm() const
{
    return m_kind == Kind::Rsa ? QStringLiteral("RS256") : QStringLiteral("EdDSA");
}

bool PublicKey::verify(QByteArrayView input, const QByteArray &signature) const
{
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    // Ed25519 hashes internally, so it takes no digest.
    const EVP_MD *md = m_kind == Kind::Rsa ? EVP_sha256() : nullptr;
    if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, md, nullptr, m_key) != 1)
        return false;
    return EVP_DigestVerify(ctx.get(),
                            reinterpret_cast<const unsigned char *>(signature.constData()),
                            size_t(signature.size()),
                            reinterpret_cast<const unsigned char *>(input.data()),
                            size_t(input.size()))
           == 1;
}

QByteArray PublicKey::sign(QByteArrayView input) const
{
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    const EVP_MD *md = m_kind == Kind::Rsa ? EVP_sha256() : nullptr;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, md, nullptr, m_key) != 1)
        return {};
    size_t length = 0;
    const auto *data = reinterpret_cast<const unsigned char *>(input.data());
    if (EVP_DigestSign(ctx.get(), nullptr, &length, data, size_t(input.size())) != 1)
        return {};
    QByteArray signature(qsizetype(length), Qt::Uninitialized);
    if (EVP_DigestSign(ctx.get(),
                       reinterpret_cast<unsigned char *>(signature.data()),
                       &length,
                       data,
                       size_t(input.size()))
        != 1)
        return {};
    signature.truncate(qsizetype(length));
    return signature;
}

} // namespace boxoffice::server::auth
