// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "venuecommand.h"

namespace boxoffice::editor {

/// Adds rows to a section; with `section` = -1 a new section `newSection` is created for them.
class AddRows : public VenueCommand
{
public:
    AddRows(Document *document,
            int section,
            const QList<core::Row> &rows,
            const core::Section &newSection = {});

    /// Index of the section the rows went to.
    int section() const { return m_section; }

private:
    int m_section;
};

/// Builds a row of seats at `positions` numbered by `scheme` from `start`; seat ids are
/// "<sectionId>-<label>-<number>".
core::Row makeRow(const QString &sectionId,
                  const QString &label,
                  const QList<QPointF> &positions,
                  int scheme,
                  int start,
                  const QString &categoryId);

} // namespace boxoffice::editor
