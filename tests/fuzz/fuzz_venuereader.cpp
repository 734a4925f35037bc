// SPDX-License-Identifier: GPL-3.0-or-later
// The `.venue.json` reader (docs/venue-format.md): any bytes give issues with JSON paths or a
// venue; an accepted venue writes back to a document that reads the same way.
#include "fuzzcheck.h"

#include <core/venuereader.h>
#include <core/venuewriter.h>

using namespace boxoffice::core;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const VenueReadResult result = VenueReader::read(boxoffice::fuzz::bytes(data, size));
    for (const VenueIssue &issue : result.issues) {
        FUZZ_CHECK(issue.path.startsWith(u'$'), "every issue has a JSON path");
        FUZZ_CHECK(!issue.message.isEmpty(), "every issue has a message");
    }
    if (!result.ok()) {
        FUZZ_CHECK(!result.errors().isEmpty(), "a refused venue says why");
        return 0;
    }
    const QByteArray written = VenueWriter::write(result.venue);
    const VenueReadResult again = VenueReader::read(written);
    FUZZ_CHECK(again.ok(), "an accepted venue, written back, reads again");
    FUZZ_CHECK(VenueWriter::write(again.venue) == written, "writing is stable after one round");
    return 0;
}
