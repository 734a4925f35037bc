// SPDX-License-Identifier: GPL-3.0-or-later
// The pretix seating-plan importer: any bytes give issues with JSON paths or a venue; an
// imported venue is a valid `.venue.json` (it writes out and reads back).
#include "fuzzcheck.h"

#include <core/pretiximporter.h>
#include <core/venuewriter.h>

using namespace boxoffice::core;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const VenueReadResult result = PretixImporter::read(boxoffice::fuzz::bytes(data, size));
    for (const VenueIssue &issue : result.issues) {
        FUZZ_CHECK(issue.path.startsWith(u'$'), "every issue has a JSON path");
        FUZZ_CHECK(!issue.message.isEmpty(), "every issue has a message");
    }
    if (!result.ok()) {
        FUZZ_CHECK(!result.errors().isEmpty(), "a refused plan says why");
        return 0;
    }
    const VenueReadResult again = VenueReader::read(VenueWriter::write(result.venue));
    FUZZ_CHECK(again.ok(), "an imported venue is a valid .venue.json");
    return 0;
}
