// SPDX-License-Identifier: GPL-3.0-or-later
#include "editoractions.h"

#include "icons.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QToolBar>
#include <QUndoStack>

namespace boxoffice::editor {

namespace {

/// One command: its object name, text (translated in EditorActions' context), shortcut (a
/// standard key, or a translatable key sequence) and whether it is a toggle.
struct Command
{
    CommandId id;
    const char *name;
    const char *text;
    QKeySequence::StandardKey standardKey = QKeySequence::UnknownKey;
    const char *keys = nullptr;
    bool checkable = false;
};

const Command kCommands[] = {
    {CommandId::NewVenue,
     "new",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&New Venue…"),
     QKeySequence::New},
    {CommandId::Open,
     "open",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Open…"),
     QKeySequence::Open},
    {CommandId::Save,
     "save",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Save"),
     QKeySequence::Save},
    {CommandId::SaveAs,
     "saveAs",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Save &As…"),
     QKeySequence::SaveAs},
    {CommandId::ImportPretix,
     "importPretix",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Import pretix Plan…"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+I")},
    {CommandId::ExportPretix,
     "exportPretix",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Export pretix Plan…")},
    {CommandId::ExportSvg,
     "exportSvg",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Export SVG…")},
    {CommandId::ExportPng,
     "exportPng",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Export PNG…")},
    {CommandId::Publish,
     "publish",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Publish to Server…"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+P")},
    {CommandId::Quit,
     "quit",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Quit"),
     QKeySequence::Quit},
    {CommandId::Delete,
     "delete",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Delete"),
     QKeySequence::Delete},
    {CommandId::SelectAll,
     "selectAll",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Select &All"),
     QKeySequence::SelectAll},
    {CommandId::SelectRows,
     "selectRows",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Select Whole &Rows"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+R")},
    {CommandId::SelectSections,
     "selectSections",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Select Whole S&ections"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+E")},
    {CommandId::SelectNone,
     "selectNone",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Select &None"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+A")},
    {CommandId::RotateLeft,
     "rotateLeft",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Rotate 15° Left"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+[")},
    {CommandId::RotateRight,
     "rotateRight",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Rotate 15° Right"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+]")},
    {CommandId::RotateBy,
     "rotateBy",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Rotate By…"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+R")},
    {CommandId::Renumber,
     "renumber",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Re&number Rows"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+N")},
    {CommandId::AlignLeft,
     "alignLeft",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Align Left")},
    {CommandId::AlignRight,
     "alignRight",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Align Right")},
    {CommandId::AlignTop,
     "alignTop",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Align Top")},
    {CommandId::AlignBottom,
     "alignBottom",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Align Bottom")},
    {CommandId::DistributeH,
     "distributeH",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Distribute Horizontally")},
    {CommandId::DistributeV,
     "distributeV",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Distribute Vertically")},
    {CommandId::ZoomIn,
     "zoomIn",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Zoom &In"),
     QKeySequence::ZoomIn},
    {CommandId::ZoomOut,
     "zoomOut",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Zoom &Out"),
     QKeySequence::ZoomOut},
    {CommandId::Fit,
     "fit",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Fit to Window"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+0")},
    {CommandId::ShowGrid,
     "showGrid",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Show &Grid"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+'"),
     true},
    {CommandId::Snap,
     "snap",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Snap to Grid"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+'"),
     true},
    {CommandId::SnapSeats,
     "snapSeats",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Snap to S&eats"),
     {},
     nullptr,
     true},
    {CommandId::Background,
     "background",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Background Image…")},
    {CommandId::BackgroundOpacity,
     "backgroundOpacity",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Background &Opacity…")},
    {CommandId::Calibrate,
     "calibrate",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&Calibrate Background Scale"),
     {},
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "Ctrl+Shift+C")},
    // Each language in its own words, never translated.
    {CommandId::English, "english", nullptr, {}, nullptr, true},
    {CommandId::Spanish, "spanish", nullptr, {}, nullptr, true},
    {CommandId::About,
     "about",
     QT_TRANSLATE_NOOP("boxoffice::editor::EditorActions", "&About Venue Editor")},
};
static_assert(std::size(kCommands) == std::size_t(kCommandCount), "one entry per CommandId");

} // namespace

EditorActions::EditorActions(QMainWindow *window)
    : QObject(window)
{
    for (const Command &command : kCommands) {
        Q_ASSERT(!m_actions.at(std::size_t(command.id)));
        auto *action = new QAction(window);
        action->setObjectName(QLatin1StringView(command.name));
        if (command.standardKey != QKeySequence::UnknownKey)
            action->setShortcut(command.standardKey);
        else if (command.keys)
            action->setShortcut(QKeySequence(tr(command.keys)));
        action->setCheckable(command.checkable);
        window->addAction(action);
        m_actions.at(std::size_t(command.id)) = action;
    }
    action(CommandId::ShowGrid)->setChecked(true);
    action(CommandId::Snap)->setChecked(true);
    action(CommandId::SnapSeats)->setChecked(true);
    action(CommandId::English)->setText(QStringLiteral("English"));
    action(CommandId::Spanish)->setText(QStringLiteral("Español"));
    auto *languages = new QActionGroup(this);
    languages->addAction(action(CommandId::English));
    languages->addAction(action(CommandId::Spanish));
    retranslate();
}

void EditorActions::addTo(QWidget *menuOrBar, std::initializer_list<CommandId> ids) const
{
    for (CommandId id : ids) {
        if (id != CommandId::Separator)
            menuOrBar->addAction(action(id));
        else if (auto *menu = qobject_cast<QMenu *>(menuOrBar))
            menu->addSeparator();
        else if (auto *bar = qobject_cast<QToolBar *>(menuOrBar))
            bar->addSeparator();
    }
}

void EditorActions::retranslate()
{
    for (const Command &command : kCommands) {
        if (!command.text)
            continue;
        QAction *a = action(command.id);
        const QString text = tr(command.text);
        a->setText(text);
        if (!a->shortcut().isEmpty())
            a->setToolTip(text + u" (" + a->shortcut().toString(QKeySequence::NativeText) + u')');
    }
}

void EditorActions::followUndoStack(QUndoStack *stack, QMenu *edit, QToolBar *bar, QAction *slot)
{
    if (undo) {
        for (QAction *old : {undo, redo}) {
            if (edit)
                edit->removeAction(old);
            bar->removeAction(old);
            old->setObjectName(QString()); // findChild("undo") finds the new one
            old->deleteLater();
        }
    }
    QWidget *window = bar->window();
    undo = stack->createUndoAction(window, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undo"));
    undo->setShortcut(QKeySequence::Undo);
    redo = stack->createRedoAction(window, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redo"));
    redo->setShortcut(QKeySequence::Redo);
    undo->setIcon(toolIcon(QStringLiteral("undo")));
    redo->setIcon(toolIcon(QStringLiteral("redo")));
    bar->insertActions(slot, {undo, redo});
    if (edit) {
        QAction *first = edit->actions().value(0);
        edit->insertActions(first, {undo, redo});
        if (first && !first->isSeparator()) // the first time only
            edit->insertSeparator(first);
    }
}

} // namespace boxoffice::editor
