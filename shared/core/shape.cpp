// SPDX-License-Identifier: GPL-3.0-or-later
#include "shape.h"

#include <array>

namespace boxoffice::core {

namespace {
struct KindName
{
    Shape::Kind kind;
    const char *name;
};
constexpr std::array<KindName, 5> kKindNames{{{Shape::Kind::Stage, "stage"},
                                              {Shape::Kind::Text, "text"},
                                              {Shape::Kind::Polygon, "polygon"},
                                              {Shape::Kind::Rectangle, "rectangle"},
                                              {Shape::Kind::Ellipse, "ellipse"}}};
} // namespace

QString shapeKindName(Shape::Kind kind)
{
    for (const KindName &entry : kKindNames) {
        if (entry.kind == kind)
            return QString::fromLatin1(entry.name);
    }
    return {};
}

bool shapeKindFromName(QStringView name, Shape::Kind *kind)
{
    for (const KindName &entry : kKindNames) {
        if (name == QLatin1StringView(entry.name)) {
            *kind = entry.kind;
            return true;
        }
    }
    return false;
}

} // namespace boxoffice::core
