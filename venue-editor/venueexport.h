// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace boxoffice::seatmap {
class SeatMapScene;
}

namespace boxoffice::editor {

class Document;

/// The editor's exports of a document to files other programs read. Each writes the whole file
/// or nothing (QSaveFile) and answers an error for people, empty on success.
namespace venueexport {

/// A pretix seating plan; `losses` lists what pretix has no place for.
QString pretix(const Document &document, const QString &path, QStringList *losses);
QString svg(const Document &document, const QString &path);
/// The map as `scene` draws it, without the selection, at most 4000 pixels on its long side.
QString png(const Document &document, seatmap::SeatMapScene *scene, const QString &path);

} // namespace venueexport

} // namespace boxoffice::editor
