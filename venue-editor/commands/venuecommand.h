// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../changeevent.h"

#include <core/venue.h>

#include <QUndoCommand>

namespace boxoffice::editor {

class Document;

/// Base of every edit: the constructor builds the venue as it will be after the edit in
/// `m_other`; redo() and undo() both swap it with the document's, so undo restores exactly the
/// previous venue (and so the previous file, byte for byte).
class VenueCommand : public QUndoCommand
{
public:
    VenueCommand(Document *document, const QString &text, ChangeEvent event);

    void redo() override { swap(); }
    void undo() override { swap(); }

protected:
    void swap();

    Document *m_document;
    core::Venue m_other;
    ChangeEvent m_event;
};

/// Sections that contain any of `seats`, sorted.
QList<int> sectionsOf(const QList<core::SeatRef> &seats);

} // namespace boxoffice::editor
