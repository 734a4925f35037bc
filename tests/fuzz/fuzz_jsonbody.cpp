// SPDX-License-Identifier: GPL-3.0-or-later
// Request bodies: JsonBody::parseObject (every JSON route's first step) and the validators
// behind it: POST /holds (parseHoldRequest), POST /orders (its payment:
// api::parseCounterPayment), POST /orders/{id}/refund (api::refundTicketIds), POST /events
// (api::parseEventDraft), POST /tickets/scan and /tickets/scans (api::parseScan,
// api::parseScanBatch), POST /auth/login and the JsonBody readers. Any bytes must end
// in a value or a 400 problem; any other exception, crash or sanitizer report is a finding.
// (Venue bodies go through the .venue.json reader and the pretix importer: their own targets.)
#include "fuzzcheck.h"

#include "api/catalogcodec.h"
#include "api/counterpaymentcodec.h"
#include "api/holdrequest.h"
#include "api/orderchangecodec.h"
#include "api/problem.h"
#include "api/scancodec.h"
#include "domain/error.h"
#include "http/jsonbody.h"

using namespace boxoffice::server;

namespace {

template<typename Validate>
void expectValueOr400(Validate validate)
{
    try {
        validate();
    } catch (const domain::Error &error) {
        FUZZ_CHECK(error.code() == domain::ErrorCode::BadRequest, "bad input is a 400");
        FUZZ_CHECK(!api::problemJson(error).value(u"detail").toString().isEmpty(), "it says why");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const QByteArray body = boxoffice::fuzz::bytes(data, size).toByteArray();
    QJsonObject object;
    bool parsed = false;
    expectValueOr400([&] {
        object = http::JsonBody::parseObject(body);
        parsed = true;
    });
    if (!parsed)
        return 0;

    expectValueOr400([&] {
        const domain::HoldRequest hold = api::parseHoldRequest(object);
        FUZZ_CHECK(!hold.eventId.isEmpty(), "a hold names its event");
        const int forms = int(!hold.seats.isEmpty()) + int(!hold.section.isEmpty())
                          + int(!hold.ga.isEmpty());
        FUZZ_CHECK(forms == 1, "exactly one of seats, section, ga");
        FUZZ_CHECK(!hold.seats.isEmpty() || (hold.quantity >= 1 && hold.quantity <= 50),
                   "a quantity of 1 to 50");
        FUZZ_CHECK(hold.seats.size() <= 50, "at most 50 seats");
    });
    expectValueOr400([&] {
        const auto payment = api::parseCounterPayment(object.value(u"payment"));
        FUZZ_CHECK(payment.tenderedCents >= 0 && payment.tenderedCents <= 1'000'000'000'000,
                   "tendered cents in range");
    });
    expectValueOr400([&] {
        const auto tickets = api::refundTicketIds(object);
        FUZZ_CHECK(!tickets || !tickets->isEmpty(), "a partial refund names tickets");
    });
    expectValueOr400([&] {
        const domain::EventDraft draft = api::parseEventDraft(object, 600);
        FUZZ_CHECK(draft.startsAt.isValid(), "an event starts");
        FUZZ_CHECK(draft.holdSeconds >= 1 && draft.maxSeatsPerUser >= 1, "limits in range");
        for (const qint64 cents : draft.prices)
            FUZZ_CHECK(cents >= 0, "prices are not negative");
    });
    expectValueOr400([&] { // POST /tickets/scan
        const domain::DoorScan scan = api::parseScan(object);
        FUZZ_CHECK(!scan.request.eventId.isEmpty(), "a scan names its event");
        FUZZ_CHECK(scan.request.direction == u"in" || scan.request.direction == u"out",
                   "a scan goes in or out");
    });
    expectValueOr400([&] { // POST /tickets/scans
        FUZZ_CHECK(api::parseScanBatch(object).size() <= 1000, "at most 1,000 scans a batch");
    });
    const http::JsonBody reader(object);
    expectValueOr400([&] { // POST /auth/login
        reader.requireString(QStringLiteral("username"), 255);
        reader.requireString(QStringLiteral("password"), 1024);
    });
    expectValueOr400([&] {
        if (const auto n = reader.optionalInt(QStringLiteral("n"), -1000, 1000))
            FUZZ_CHECK(*n >= -1000 && *n <= 1000, "an int in its range");
    });
    expectValueOr400([&] {
        reader.requireInt(QStringLiteral("big"),
                          std::numeric_limits<qint64>::min(),
                          std::numeric_limits<qint64>::max());
    });
    expectValueOr400([&] { reader.optionalBool(QStringLiteral("enabled")); });
    expectValueOr400([&] {
        FUZZ_CHECK(reader.requireStringList(QStringLiteral("seats"), 10, 20).size() <= 10,
                   "at most maxItems");
    });
    expectValueOr400([&] { reader.optionalObject(QStringLiteral("payment")); });
    expectValueOr400([&] {
        reader.requireEnum(QStringLiteral("method"),
                           {QStringLiteral("cash"), QStringLiteral("card_present")});
    });
    return 0;
}
