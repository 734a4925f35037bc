// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/alignseats.h"

namespace boxoffice::editor {

class Document;

/// What the Edit menu does to a document's selection: each operation reads the selection and
/// either changes it or pushes one undoable command. Nothing happens when the selection is too
/// small for the operation.
namespace selectionops {

void selectAllSeats(Document &document);
/// Grows the selected seats to their whole rows.
void selectWholeRows(Document &document);
/// Grows the selection to every seat of the sections it touches (seats or section outlines).
void selectWholeSections(Document &document);
void selectNone(Document &document);
/// Deletes the selected seats and objects.
void remove(Document &document);
/// Rotates the selection about its centre, `degrees` clockwise.
void rotate(Document &document, double degrees);
/// Aligns or distributes the selected seats (two at least).
void align(Document &document, AlignSeats::Mode mode);

} // namespace selectionops

} // namespace boxoffice::editor
