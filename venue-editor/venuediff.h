// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QStringList>

namespace boxoffice::editor {

/// What differs between the venue on a server and the one being edited, in short sentences for
/// people ("Name: “A” on the server, “B” here", "3 seats moved: S-A-1, S-A-2, S-A-3"); empty when
/// the plans are equal.
QStringList describeVenueDifferences(const core::Venue &server, const core::Venue &mine);

} // namespace boxoffice::editor
