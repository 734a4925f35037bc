// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QKeySequence>
#include <QObject>

#include <array>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;
class QUndoStack;

namespace boxoffice::editor {

/// Every menu command of the editor (not the tools: see ToolBox), by id, as Tiled's action
/// manager names its actions: menus, toolbars, MainWindow's handlers and tests refer to a command
/// by its id, and each id has one QAction (object name, text, shortcut) in EditorActions.
enum class CommandId {
    NewVenue,
    Open,
    Save,
    SaveAs,
    ImportPretix,
    ExportPretix,
    ExportSvg,
    ExportPng,
    Publish,
    Quit,
    Delete,
    SelectAll,
    SelectRows,
    SelectSections,
    SelectNone,
    RotateLeft,
    RotateRight,
    RotateBy,
    Renumber,
    AlignLeft,
    AlignRight,
    AlignTop,
    AlignBottom,
    DistributeH,
    DistributeV,
    ZoomIn,
    ZoomOut,
    Fit,
    ShowGrid,
    Snap,
    SnapSeats,
    Background,
    BackgroundOpacity,
    Calibrate,
    English,
    Spanish,
    About,
    Separator, ///< not a command: a separator in a menu or toolbar list
};
constexpr int kCommandCount = int(CommandId::Separator);

/// The QActions of the editor's commands, with texts, shortcuts and object names (tests find
/// actions by name too); MainWindow connects them to their handlers.
class EditorActions : public QObject
{
    Q_OBJECT
public:
    explicit EditorActions(QMainWindow *window);

    QAction *action(CommandId id) const { return m_actions.at(std::size_t(id)); }
    /// Adds the commands `ids` (CommandId::Separator for a line) to `menu` or a toolbar.
    void addTo(QWidget *menuOrBar, std::initializer_list<CommandId> ids) const;

    /// Sets every text again in the current language (after a language change).
    void retranslate();

    /// Undo and redo of `stack` (the current document's), first in `edit` and in `bar` before
    /// `slot`, replacing those of the previous stack; texts in the current language.
    void followUndoStack(QUndoStack *stack, QMenu *edit, QToolBar *bar, QAction *slot);
    QAction *undo = nullptr, *redo = nullptr;

private:
    std::array<QAction *, kCommandCount> m_actions{};
};

} // namespace boxoffice::editor
