// SPDX-License-Identifier: GPL-3.0-or-later
#include "addobject.h"

#include <QCoreApplication>

namespace boxoffice::editor {

AddObject::AddObject(Document *document, const core::GaArea &area)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Add GA Area"),
                   {ChangeEvent::Kind::Objects, {}})
{
    m_other.gaAreas.append(area);
}

AddObject::AddObject(Document *document, const core::Shape &shape)
    : VenueCommand(document,
                   QCoreApplication::translate("boxoffice::editor::Commands", "Add Shape"),
                   {ChangeEvent::Kind::Objects, {}})
{
    m_other.shapes.append(shape);
}

} // namespace boxoffice::editor
