// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>

class QAction;
class QMenu;
class QMenuBar;

namespace boxoffice::editor {

class EditorActions;

/// The editor's menu bar: which commands each menu holds, in order, and menu titles that follow
/// the language. The Edit menu (object name "editMenu") also gets undo/redo from EditorActions.
class EditorMenus : public QObject
{
    Q_OBJECT
public:
    /// `panels`: the docks' show/hide toggles (View menu); `tools`: the drawing tools.
    EditorMenus(QMenuBar *bar,
                const EditorActions *actions,
                const QList<QAction *> &panels,
                const QList<QAction *> &tools);

    QMenu *editMenu() const { return m_edit; }
    void retranslate();

private:
    /// A menu whose title (untranslated `title`) follows the language.
    QMenu *addMenu(QWidget *parent, const char *title);

    QList<QPair<QMenu *, const char *>> m_menus;
    QMenu *m_edit = nullptr;
};

} // namespace boxoffice::editor
