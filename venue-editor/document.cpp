// SPDX-License-Identifier: GPL-3.0-or-later
#include "document.h"

#include <core/venuereader.h>
#include <core/venuevalidator.h>
#include <core/venuewriter.h>

#include <QFileInfo>

namespace boxoffice::editor {

Document::Document(const core::Venue &venue, const QString &fileName, QObject *parent)
    : QObject(parent)
    , m_venue(venue)
    , m_fileName(fileName)
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) {
        Q_EMIT modifiedChanged(!clean);
    });
}

std::unique_ptr<Document> Document::load(const QString &path, QString *error)
{
    core::VenueReadResult result = core::VenueReader::readFile(path);
    // A file with drawing problems (overlapping seats, ...) still opens so people can fix it;
    // errors beyond what the validator finds mean the file itself is unreadable.
    if (!result.ok()) {
        const QList<core::VenueIssue> semantic = core::VenueValidator::validate(result.venue);
        const bool unreadable = std::any_of(result.issues.cbegin(),
                                            result.issues.cend(),
                                            [&](const core::VenueIssue &issue) {
                                                return issue.severity
                                                           == core::VenueIssue::Severity::Error
                                                       && !semantic.contains(issue);
                                            });
        if (unreadable) {
            if (error)
                *error = core::formatIssues(result.issues);
            return nullptr;
        }
    }
    result.venue.rebuildSeatIndex();
    return std::make_unique<Document>(result.venue, path);
}

void Document::setFileName(const QString &fileName)
{
    if (m_fileName == fileName)
        return;
    m_fileName = fileName;
    Q_EMIT fileNameChanged(fileName);
}

QString Document::displayName() const
{
    if (!m_fileName.isEmpty())
        return QFileInfo(m_fileName).fileName();
    return m_venue.name.isEmpty() ? tr("Untitled") : m_venue.name;
}

QList<core::VenueIssue> Document::validate() const
{
    return core::VenueValidator::validate(m_venue);
}

bool Document::save(const QString &path, QString *error)
{
    const QList<core::VenueIssue> issues = validate();
    QList<core::VenueIssue> errors;
    for (const core::VenueIssue &issue : issues) {
        if (issue.severity == core::VenueIssue::Severity::Error)
            errors.append(issue);
    }
    if (!errors.isEmpty()) {
        if (error) {
            *error = tr("The venue has %n error(s) and was not saved. Fix them first "
                        "(see the Validation panel):\n\n",
                        nullptr,
                        int(errors.size()))
                     + core::formatIssues(errors.mid(0, 10));
        }
        return false;
    }
    if (!core::VenueWriter::writeFile(m_venue, path, error))
        return false;
    setFileName(path);
    m_undoStack.setClean();
    return true;
}

QByteArray Document::toJson() const
{
    return core::VenueWriter::write(m_venue);
}

void Document::setSelection(const QList<core::SeatRef> &seats,
                            const QList<seatmap::ObjectRef> &objects)
{
    m_selectedSeats = seats;
    m_selectedObjects = objects;
    pruneSelection();
    Q_EMIT selectionChanged();
}

void Document::pruneSelection()
{
    m_selectedSeats.removeIf([this](const core::SeatRef &ref) { return !m_venue.isValid(ref); });
    m_selectedObjects.removeIf([this](const seatmap::ObjectRef &ref) {
        switch (ref.kind) {
        case seatmap::ObjectRef::Kind::Section:
            return ref.index < 0 || ref.index >= m_venue.sections.size();
        case seatmap::ObjectRef::Kind::GaArea:
            return ref.index < 0 || ref.index >= m_venue.gaAreas.size();
        case seatmap::ObjectRef::Kind::Shape:
            return ref.index < 0 || ref.index >= m_venue.shapes.size();
        case seatmap::ObjectRef::Kind::FocalPoint:
            return false;
        }
        return true;
    });
}

void Document::swapVenue(core::Venue &other, const ChangeEvent &event)
{
    std::swap(m_venue, other);
    if (event.kind == ChangeEvent::Kind::Venue)
        m_venue.rebuildSeatIndex();
    const qsizetype before = m_selectedSeats.size() + m_selectedObjects.size();
    pruneSelection();
    Q_EMIT changed(event);
    if (m_selectedSeats.size() + m_selectedObjects.size() != before)
        Q_EMIT selectionChanged();
}

} // namespace boxoffice::editor
