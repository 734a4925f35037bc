// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace boxoffice::editor {

class EditorActions;
class MainWindow;

/// The File menu's dialogs: asks which file to open, import or export to, and whether to save
/// unsaved changes first; the work itself is MainWindow's (openFile, saveFile, export…).
class FileCommands : public QObject
{
    Q_OBJECT
public:
    explicit FileCommands(MainWindow *window);

    /// Connects New, Open, Save, Save As, Import and the exports.
    void connectTo(const EditorActions *actions);
    /// Offers to save unsaved changes; false when the person cancels (or saving failed).
    bool maybeSave();
    bool save();
    bool saveAs();
    /// Offers autosaved work from a previous run that did not end cleanly, then removes it.
    void offerRecovery();

private:
    void newVenue();
    void open();
    void importPretix();
    /// Asks for a file name, then `write`s it.
    void exportTo(const QString &title,
                  const QString &filter,
                  bool (MainWindow::*write)(const QString &));

    MainWindow *m_window;
};

} // namespace boxoffice::editor
