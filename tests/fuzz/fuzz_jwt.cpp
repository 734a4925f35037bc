// SPDX-License-Identifier: GPL-3.0-or-later
// JWT parsing and verification (server/auth/jwt.*) and the Authorization header reader. The
// first byte picks a mode:
//   0  the rest is a token (or an Authorization header value) as a client sends it;
//   1  the rest is "<header JSON>\n<payload JSON>", signed here with HS256: the claim checks
//      behind the signature are reached with any header and payload bytes;
//   2  the same, signed with the Ed25519 key by JwtSigner (objects only).
// Invariants: nothing is accepted without a signature made with a configured key; an accepted
// token has a subject and has not expired; an admission token is never an access token.
#include "fuzzcheck.h"
#include "testkeys.h"

#include "auth/jwt.h"
#include "domain/error.h"
#include "http/authenticator.h"

#include <QJsonDocument>

#include <openssl/hmac.h>

using namespace boxoffice::server;

namespace {

const QByteArray kSecret = QByteArrayLiteral("fuzz-hmac-secret-0123456789abcdef");
const QDateTime kNow = QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC);

const auth::JwtVerifier &verifier()
{
    static const auth::JwtVerifier instance([] {
        auth::JwtConfig config;
        config.hmacSecret = kSecret;
        config.publicKeyPem = {QByteArray(boxoffice::test::keys::kRsaPublic),
                               QByteArray(boxoffice::test::keys::kEd25519Public)};
        return config;
    }());
    return instance;
}

QByteArray hs256(QByteArrayView input)
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(EVP_sha256(),
         kSecret.constData(),
         int(kSecret.size()),
         reinterpret_cast<const unsigned char *>(input.data()),
         size_t(input.size()),
         out,
         &length);
    return QByteArray(reinterpret_cast<const char *>(out), qsizetype(length));
}

void checkAccepted(const auth::Verification &result, auth::TokenType expected)
{
    if (!result.claims) {
        FUZZ_CHECK(!result.error.isEmpty(), "a refusal has a reason");
        return;
    }
    const auth::Claims &claims = *result.claims;
    FUZZ_CHECK(!claims.subject.isEmpty() && claims.subject.size() <= 255, "a subject");
    FUZZ_CHECK(claims.type == expected, "the expected token type");
    FUZZ_CHECK(expected != auth::TokenType::Admission || !claims.eventId.isEmpty(),
               "an admission names its event");
    FUZZ_CHECK(claims.expiresAt.isValid() && claims.expiresAt.addSecs(60) >= kNow, "not expired");
}

// The token's verification as an access token (returned) and as an admission token.
auth::Verification verifyBoth(QByteArrayView token)
{
    const auto access = verifier().verify(token, auth::TokenType::Access, kNow);
    const auto admission = verifier().verify(token, auth::TokenType::Admission, kNow);
    checkAccepted(access, auth::TokenType::Access);
    checkAccepted(admission, auth::TokenType::Admission);
    FUZZ_CHECK(!(access.claims && admission.claims), "one token is not both kinds");
    return access;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArrayView input = boxoffice::fuzz::bytes(data + 1, size - 1);
    switch (data[0] % 3) {
    case 0: {
        if (verifyBoth(input).claims) {
            // Only a real signature passes: for HS256 it is the HMAC of the signed part.
            const QByteArray token = input.toByteArray();
            const QJsonObject header = QJsonDocument::fromJson(
                                           QByteArray::fromBase64(token.split('.').first(),
                                                                  QByteArray::Base64UrlEncoding))
                                           .object();
            if (header.value(u"alg").toString() == u"HS256") {
                const qsizetype dot = token.lastIndexOf('.');
                FUZZ_CHECK(QByteArray::fromBase64(token.mid(dot + 1), QByteArray::Base64UrlEncoding)
                               == hs256(QByteArrayView(token).first(dot)),
                           "HS256 accepted only with the HMAC");
            }
        }
        // The same bytes as a client's Authorization header.
        http::Authenticator authenticator(verifier());
        http::Request request;
        request.headers.append({"authorization", input.toByteArray()});
        try {
            const auto caller = authenticator.authenticate(request);
            FUZZ_CHECK(!caller.subject.isEmpty(), "a caller has a subject");
        } catch (const domain::Error &) {
        }
        break;
    }
    case 1: {
        const qsizetype newline = input.indexOf('\n');
        const QByteArrayView header = newline < 0 ? input : input.first(newline);
        const QByteArrayView payload = newline < 0 ? QByteArrayView() : input.sliced(newline + 1);
        const QByteArray signedPart = auth::base64Url(header.toByteArray()) + '.'
                                      + auth::base64Url(payload.toByteArray());
        verifyBoth(QByteArray(signedPart + '.' + auth::base64Url(hs256(signedPart))));
        break;
    }
    case 2: {
        static QString keyError;
        static const auto signer
            = auth::JwtSigner::fromPrivateKeyPem(QByteArray(boxoffice::test::keys::kEd25519Private),
                                                 &keyError);
        FUZZ_CHECK(signer.has_value(), "the Ed25519 test key loads");
        const qsizetype newline = input.indexOf('\n');
        const QJsonObject header = QJsonDocument::fromJson(
                                       (newline < 0 ? input : input.first(newline)).toByteArray())
                                       .object();
        const QJsonObject payload
            = QJsonDocument::fromJson(
                  (newline < 0 ? QByteArrayView() : input.sliced(newline + 1)).toByteArray())
                  .object();
        verifyBoth(signer->sign(payload, header));
        break;
    }
    }
    return 0;
}
