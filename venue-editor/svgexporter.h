// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QByteArray>

namespace boxoffice::editor {

/// Writes a venue as a standalone SVG drawing (outlines, seats coloured by category, GA areas,
/// shapes, row labels). Plain text output: works without a display.
class SvgExporter
{
public:
    static QByteArray write(const core::Venue &venue);
};

} // namespace boxoffice::editor
