// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

namespace boxoffice::editor {

class Document;

/// Writes unsaved work every few seconds to an autosave file (in the app data folder) and
/// removes it once the document is saved or closed cleanly; a file left behind means the
/// editor did not end cleanly, and can be recovered on the next start.
class Autosaver : public QObject
{
    Q_OBJECT
public:
    explicit Autosaver(QObject *parent = nullptr);

    void setDocument(Document *document);
    /// Writes the autosave file now if the document has unsaved changes.
    void saveNow();
    /// Removes the current document's autosave file (after a save or a clean close).
    void discard();
    /// Folder of the autosave files.
    static QString directory();
    /// Autosave files left by earlier runs.
    static QStringList leftovers();
    /// The document path an autosave file belongs to (empty for a never-saved venue).
    static QString originalPath(const QString &autosaveFile);

    QString currentFile() const;
    void setInterval(int milliseconds) { m_timer.setInterval(milliseconds); }

private:
    Document *m_document = nullptr;
    QTimer m_timer;
    QString m_untitledKey;
};

} // namespace boxoffice::editor
