// SPDX-License-Identifier: GPL-3.0-or-later
#include "rowplacement.h"

#include "../commands/addrows.h"
#include "../commands/addsection.h"
#include "../document.h"
#include "../tooloptions.h"
#include "abstracttool.h"

#include <core/geometry.h>
#include <core/numbering.h>

#include <QCoreApplication>
#include <QSet>

namespace boxoffice::editor {

namespace {

/// Index in the label sequence of `label`, or -1.
int labelIndex(const QString &label, const ToolOptions &options)
{
    for (int i = 0; i < 2000; ++i) {
        if (core::numbering::rowLabel(i, options.labelStyle, options.skipLetters)
                .compare(label, Qt::CaseInsensitive)
            == 0)
            return i;
    }
    return -1;
}

} // namespace

void placeRows(ToolContext *context, const QList<QList<QPointF>> &rows)
{
    if (rows.isEmpty() || rows.first().isEmpty())
        return;
    Document *document = context->document;
    const ToolOptions &options = *context->options;
    const core::Venue &venue = document->venue();
    int section = core::geometry::sectionAt(venue, rows.first().first());
    core::Section newSection;
    if (section < 0) {
        newSection.id = nextSectionId(venue);
        newSection.name = QCoreApplication::translate("boxoffice::editor::Tools", "Section %1")
                              .arg(newSection.id.mid(1));
        QRectF bounds;
        for (const QList<QPointF> &row : rows) {
            for (const QPointF &p : row)
                bounds |= QRectF(p, QSizeF(0.01, 0.01));
        }
        const double margin = options.seatSpacing;
        const QRectF outline = bounds.adjusted(-margin, -margin, margin, margin);
        newSection.outline = QPolygonF(
            {outline.topLeft(), outline.topRight(), outline.bottomRight(), outline.bottomLeft()});
    }
    const core::Section &target = section >= 0 ? venue.sections.at(section) : newSection;
    QSet<QString> used;
    for (const core::Row &row : target.rows) {
        used.insert(row.id);
        used.insert(row.label);
    }
    int next = options.rowLabel.isEmpty() ? int(target.rows.size())
                                          : qMax(0, labelIndex(options.rowLabel, options));
    QString category = options.categoryId;
    if (venue.findCategory(category) == nullptr && !venue.categories.isEmpty())
        category = venue.categories.first().id;

    QList<core::Row> newRows;
    for (const QList<QPointF> &positions : rows) {
        QString label;
        if (!options.rowLabel.isEmpty() && labelIndex(options.rowLabel, options) < 0) {
            label = rows.size() == 1 ? options.rowLabel
                                     : options.rowLabel + QString::number(newRows.size() + 1);
        } else {
            do {
                label = core::numbering::rowLabel(next++, options.labelStyle, options.skipLetters);
            } while (used.contains(label));
        }
        used.insert(label);
        newRows.append(
            makeRow(target.id, label, positions, int(options.scheme), options.startNumber, category));
    }
    auto *command = new AddRows(document, section, newRows, newSection);
    document->undoStack()->push(command);
    QList<core::SeatRef> seats;
    const core::Section &placed = document->venue().sections.at(command->section());
    for (int r = int(placed.rows.size() - newRows.size()); r < placed.rows.size(); ++r) {
        for (int i = 0; i < placed.rows.at(r).seats.size(); ++i)
            seats.append({command->section(), r, i});
    }
    document->setSelection(seats);
}

} // namespace boxoffice::editor
