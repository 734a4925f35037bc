// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "changeevent.h"

#include <core/venue.h>
#include <core/venueissue.h>
#include <seatmap/objectref.h>

#include <QObject>
#include <QUndoStack>

namespace boxoffice::editor {

/// A venue being edited: the file it came from, its undo history and the selection. Only
/// commands change the venue (through swapVenue()); views follow the changed() signal.
class Document : public QObject
{
    Q_OBJECT
public:
    explicit Document(const core::Venue &venue,
                      const QString &fileName = {},
                      QObject *parent = nullptr);

    /// Reads a `.venue.json`; null with `error` set when it cannot be read.
    static std::unique_ptr<Document> load(const QString &path, QString *error);

    const core::Venue &venue() const { return m_venue; }
    QUndoStack *undoStack() { return &m_undoStack; }
    QString fileName() const { return m_fileName; }
    void setFileName(const QString &fileName);
    /// Name for the window title: the file name, or the venue name for a new document.
    QString displayName() const;
    bool isModified() const { return !m_undoStack.isClean(); }

    /// Every problem of the venue right now (errors and warnings, with JSON paths).
    QList<core::VenueIssue> validate() const;
    /// Writes the venue to `path` unless it has errors; marks the document clean on success.
    bool save(const QString &path, QString *error);
    /// The venue as `.venue.json` bytes.
    QByteArray toJson() const;

    QList<core::SeatRef> selectedSeats() const { return m_selectedSeats; }
    QList<seatmap::ObjectRef> selectedObjects() const { return m_selectedObjects; }
    void setSelection(const QList<core::SeatRef> &seats,
                      const QList<seatmap::ObjectRef> &objects = {});

    /// Exchanges the venue with `other` and tells the views (used by commands only).
    void swapVenue(core::Venue &other, const ChangeEvent &event);

Q_SIGNALS:
    void changed(const boxoffice::editor::ChangeEvent &event);
    void selectionChanged();
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);

private:
    void pruneSelection();

    core::Venue m_venue;
    QUndoStack m_undoStack;
    QString m_fileName;
    QList<core::SeatRef> m_selectedSeats;
    QList<seatmap::ObjectRef> m_selectedObjects;
};

} // namespace boxoffice::editor
