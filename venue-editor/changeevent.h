// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

namespace boxoffice::editor {

/// What an edit changed, so views resync only that.
struct ChangeEvent
{
    enum class Kind : quint8 {
        Venue,      ///< anything may have changed (sections added/removed, categories, file loaded)
        Sections,   ///< seats/rows/outlines of the listed sections (same section count)
        Objects,    ///< GA areas, shapes, the focal point
        Properties, ///< name, size or other venue-level fields
    };

    Kind kind = Kind::Venue;
    QList<int> sections; ///< for Kind::Sections
};

} // namespace boxoffice::editor
