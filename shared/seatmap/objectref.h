// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <core/venue.h>

#include <QHashFunctions>

namespace boxoffice::seatmap {

/// A non-seat object of a venue drawn on the map: a section outline, GA area, shape or the focal
/// point, by its index in the venue's lists.
struct ObjectRef
{
    enum class Kind : quint8 { Section, GaArea, Shape, FocalPoint };

    Kind kind = Kind::Section;
    int index = -1;

    bool operator==(const ObjectRef &) const = default;
};

inline size_t qHash(const ObjectRef &ref, size_t seed = 0)
{
    return qHashMulti(seed, int(ref.kind), ref.index);
}

} // namespace boxoffice::seatmap
