// SPDX-License-Identifier: GPL-3.0-or-later
#include "filecommands.h"

#include "autosaver.h"
#include "document.h"
#include "editoractions.h"
#include "mainwindow.h"
#include "newvenuedialog.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>

namespace boxoffice::editor {

FileCommands::FileCommands(MainWindow *window)
    : QObject(window)
    , m_window(window)
{}

void FileCommands::connectTo(const EditorActions *actions)
{
    auto on = [this, actions](CommandId id, auto handler) {
        connect(actions->action(id), &QAction::triggered, this, handler);
    };
    on(CommandId::NewVenue, &FileCommands::newVenue);
    on(CommandId::Open, &FileCommands::open);
    on(CommandId::Save, &FileCommands::save);
    on(CommandId::SaveAs, &FileCommands::saveAs);
    on(CommandId::ImportPretix, &FileCommands::importPretix);
    on(CommandId::ExportPretix, [this] {
        exportTo(tr("Export pretix Plan"), tr("pretix plans (*.json)"), &MainWindow::exportPretix);
    });
    on(CommandId::ExportSvg,
       [this] { exportTo(tr("Export SVG"), tr("SVG images (*.svg)"), &MainWindow::exportSvg); });
    on(CommandId::ExportPng,
       [this] { exportTo(tr("Export PNG"), tr("PNG images (*.png)"), &MainWindow::exportPng); });
}

void FileCommands::newVenue()
{
    if (!maybeSave())
        return;
    NewVenueDialog dialog(m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_window->newVenue(dialog.name(), dialog.size());
}

void FileCommands::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window,
                                                      tr("Open Venue"),
                                                      QString(),
                                                      tr("Venues (*.venue.json *.json)"));
    if (!path.isEmpty())
        m_window->openFile(path);
}

void FileCommands::importPretix()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window,
                                                      tr("Import pretix Plan"),
                                                      QString(),
                                                      tr("pretix plans (*.json)"));
    if (!path.isEmpty())
        m_window->importPretix(path);
}

void FileCommands::exportTo(const QString &title,
                            const QString &filter,
                            bool (MainWindow::*write)(const QString &))
{
    const QString path = QFileDialog::getSaveFileName(m_window, title, QString(), filter);
    if (!path.isEmpty())
        (m_window->*write)(path);
}

bool FileCommands::save()
{
    const Document *document = m_window->document();
    if (document->fileName().isEmpty())
        return saveAs();
    return m_window->saveFile(document->fileName());
}

bool FileCommands::saveAs()
{
    QString path = QFileDialog::getSaveFileName(m_window,
                                                tr("Save Venue"),
                                                m_window->document()->venue().id + u".venue.json",
                                                tr("Venues (*.venue.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(u".json"))
        path += u".venue.json";
    return m_window->saveFile(path);
}

bool FileCommands::maybeSave()
{
    const Document *document = m_window->document();
    if (!document || !document->isModified() || m_window->isQuiet())
        return true;
    const auto answer
        = QMessageBox::question(m_window,
                                tr("Unsaved Changes"),
                                tr("Save the changes to %1?").arg(document->displayName()),
                                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void FileCommands::offerRecovery()
{
    const QStringList files = Autosaver::leftovers();
    if (files.isEmpty())
        return;
    const QString file = files.first();
    const QString original = Autosaver::originalPath(file);
    const auto answer
        = m_window->isQuiet()
              ? QMessageBox::Yes
              : QMessageBox::question(
                  m_window,
                  tr("Recover Unsaved Work"),
                  tr("The editor did not close cleanly. Recover the unsaved changes to %1?")
                      .arg(original.isEmpty() ? tr("a new venue") : original),
                  QMessageBox::Yes | QMessageBox::No);
    if (answer == QMessageBox::Yes && m_window->openFile(file)) {
        m_window->document()->setFileName(original);
        // Mark as modified: the recovered work is not saved in the original file yet.
        m_window->document()->undoStack()->resetClean();
    }
    for (const QString &f : files) {
        QFile::remove(f);
        QFile::remove(f + QStringLiteral(".meta"));
    }
}

} // namespace boxoffice::editor
