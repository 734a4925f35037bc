// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tools/abstracttool.h"

#include <QList>
#include <QObject>

class QAction;
class QActionGroup;

namespace boxoffice::editor {

/// Creates every tool with its name, icon and shortcut, and one checkable action per tool.
class ToolBox : public QObject
{
    Q_OBJECT
public:
    ToolBox(ToolContext *context, QObject *parent = nullptr);

    QList<AbstractTool *> tools() const { return m_tools; }
    QList<QAction *> actions() const { return m_actions; }
    AbstractTool *tool(const QString &iconName) const;
    QAction *action(const QString &iconName) const;
    /// The name of the tool with `iconName` in the current language.
    static QString toolName(const QString &iconName);
    /// Names and tooltips again in the current language (after a language change).
    void retranslate();

Q_SIGNALS:
    void toolSelected(boxoffice::editor::AbstractTool *tool);

private:
    void add(AbstractTool *tool);

    ToolContext *m_context;
    QList<AbstractTool *> m_tools;
    QList<QAction *> m_actions;
    QActionGroup *m_group;
};

} // namespace boxoffice::editor
