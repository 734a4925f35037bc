// SPDX-License-Identifier: GPL-3.0-or-later
// The provider webhook: the `Payment-Signature` header and the event body (API.md). Input: the
// header, a newline, the body. Only a header carrying the body's real HMAC is accepted; a
// header signed here for the fuzzed body is accepted, and refused once the body changes; the
// body parser reads any bytes.
#include "fuzzcheck.h"

#include "payments/webhookevent.h"
#include "payments/webhooksignature.h"
#include "payments/webhookverifier.h"

using namespace boxoffice::server::payments;

namespace {

const QByteArray kSecret = QByteArrayLiteral("whsec_fuzz_0123456789");
constexpr qint64 kNow = 1'800'000'000;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const QByteArrayView input = boxoffice::fuzz::bytes(data, size);
    const qsizetype newline = input.indexOf('\n');
    const QByteArray header = (newline < 0 ? input : input.first(newline)).toByteArray();
    const QByteArray body = newline < 0 ? QByteArray() : input.sliced(newline + 1).toByteArray();
    const WebhookVerifier verifier(kSecret);

    const WebhookVerifier::Result result = verifier.verify(header, body, kNow);
    FUZZ_CHECK(!WebhookVerifier::reasonCode(result).isEmpty(), "every result has a code");
    if (result == WebhookVerifier::Result::Ok) {
        // Only a seed that really was signed: its t= and its MAC are in the header.
        QByteArray stampText;
        QList<QByteArray> macs;
        for (const QByteArray &part : header.split(',')) {
            const QByteArray trimmed = part.trimmed();
            if (trimmed.startsWith("t="))
                stampText = trimmed.mid(2);
            else if (trimmed.startsWith("v1="))
                macs.append(trimmed.mid(3).toLower());
        }
        FUZZ_CHECK(!stampText.isEmpty(), "an accepted header has a timestamp");
        const QByteArray mac = webhookMac(kSecret, stampText.toLongLong(), body).toHex();
        FUZZ_CHECK(macs.contains(mac), "an accepted header carries the body's MAC");
    }
    const WebhookVerifier keyless(QByteArray{});
    FUZZ_CHECK(keyless.verify(header, body, kNow) != WebhookVerifier::Result::Ok,
               "no secret accepts nothing");

    // Signed here: accepted within the tolerance, refused for any other body.
    const qint64 stamp = kNow - 300 + qint64(size % 601);
    const QByteArray signedHeader = webhookSignatureHeader(kSecret, stamp, body);
    FUZZ_CHECK(verifier.verify(signedHeader, body, kNow) == WebhookVerifier::Result::Ok,
               "a header signed for the body is accepted");
    QByteArray tampered = body;
    if (tampered.isEmpty())
        tampered = "x";
    else
        tampered[tampered.size() / 2] = char(tampered[tampered.size() / 2] ^ 0x20);
    FUZZ_CHECK(verifier.verify(signedHeader, tampered, kNow)
                   == WebhookVerifier::Result::BadSignature,
               "a changed body is refused");
    FUZZ_CHECK(verifier.verify(signedHeader, body, stamp + 301) == WebhookVerifier::Result::Stale,
               "an old signature is stale");

    QString error;
    const auto event = WebhookEvent::parse(body, &error);
    if (event) {
        FUZZ_CHECK(event->id.startsWith(u"evt_"), "event ids start with evt_");
        FUZZ_CHECK(event->amountCents >= 0, "amounts are not negative");
        FUZZ_CHECK(!WebhookEvent::typeName(event->type).isEmpty(), "the type has a name");
    } else {
        FUZZ_CHECK(!error.isEmpty(), "a refused body says why");
    }
    return 0;
}
