// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordhasher.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <QList>

namespace boxoffice::server::auth {

namespace {

constexpr quint64 kN = 1u << 15;
constexpr quint64 kR = 8;
constexpr quint64 kP = 1;
constexpr int kKeyLength = 32;
constexpr quint64 kMaxMem = 64ull * 1024 * 1024;

QByteArray scrypt(const QByteArray &password, const QByteArray &salt, quint64 n, quint64 r, quint64 p)
{
    QByteArray key(kKeyLength, Qt::Uninitialized);
    if (EVP_PBE_scrypt(password.constData(),
                       size_t(password.size()),
                       reinterpret_cast<const unsigned char *>(salt.constData()),
                       size_t(salt.size()),
                       n,
                       r,
                       p,
                       kMaxMem,
                       reinterpret_cast<unsigned char *>(key.data()),
                       size_t(key.size()))
        != 1)
        return {};
    return key;
}

} // namespace

QByteArray PasswordHasher::hash(const QByteArray &password)
{
    QByteArray salt(16, Qt::Uninitialized);
    RAND_bytes(reinterpret_cast<unsigned char *>(salt.data()), int(salt.size()));
    const QByteArray key = scrypt(password, salt, kN, kR, kP);
    return "scrypt$" + QByteArray::number(kN) + '$' + QByteArray::number(kR) + '$'
           + QByteArray::number(kP) + '$' + salt.toBase64() + '$' + key.toBase64();
}

bool PasswordHasher::verify(const QByteArray &password, const QByteArray &encoded)
{
    const QList<QByteArray> parts = encoded.split('$');
    if (parts.size() != 6 || parts[0] != "scrypt")
        return false;
    bool okN = false, okR = false, okP = false;
    const quint64 n = parts[1].toULongLong(&okN);
    const quint64 r = parts[2].toULongLong(&okR);
    const quint64 p = parts[3].toULongLong(&okP);
    // Bounds keep a corrupted row from asking for gigabytes of memory.
    if (!okN || !okR || !okP || n < 2 || n > (1u << 20) || r == 0 || r > 32 || p == 0 || p > 16)
        return false;
    const QByteArray salt = QByteArray::fromBase64(parts[4]);
    const QByteArray expected = QByteArray::fromBase64(parts[5]);
    const QByteArray actual = scrypt(password, salt, n, r, p);
    return !actual.isEmpty() && actual.size() == expected.size()
           && CRYPTO_memcmp(actual.constData(), expected.constData(), size_t(actual.size())) == 0;
}

void PasswordHasher::verifyDummy(const QByteArray &password)
{
    static const QByteArray dummy = hash(QByteArrayLiteral("dummy password for unknown users"));
    verify(password, dummy);
}

} // namespace boxoffice::server::auth
