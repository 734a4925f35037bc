// SPDX-License-Identifier: GPL-3.0-or-later
#include "editormenus.h"

#include "editoractions.h"

#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>

namespace boxoffice::editor {

EditorMenus::EditorMenus(QMenuBar *bar,
                         const EditorActions *actions,
                         const QList<QAction *> &panels,
                         const QList<QAction *> &tools)
    : QObject(bar)
{
    using enum CommandId;
    // Menus packed as they read, not one command per line.
    // clang-format off
    actions->addTo(addMenu(bar, QT_TR_NOOP("&File")),
                   {NewVenue, Open, Save, SaveAs, Separator, ImportPretix, ExportPretix, ExportSvg,
                    ExportPng, Separator, Publish, Separator, Quit});
    m_edit = addMenu(bar, QT_TR_NOOP("&Edit"));
    m_edit->setObjectName(QStringLiteral("editMenu"));
    actions->addTo(m_edit,
                   {Delete, Separator, SelectAll, SelectRows, SelectSections, SelectNone, Separator,
                    RotateLeft, RotateRight, RotateBy, Renumber});
    actions->addTo(addMenu(m_edit, QT_TR_NOOP("Align")),
                   {AlignLeft, AlignRight, AlignTop, AlignBottom, Separator, DistributeH,
                    DistributeV});
    QMenu *view = addMenu(bar, QT_TR_NOOP("&View"));
    actions->addTo(view,
                   {ZoomIn, ZoomOut, Fit, Separator, ShowGrid, Snap, SnapSeats, Separator,
                    Background, BackgroundOpacity, Calibrate, Separator});
    // clang-format on
    view->addActions(panels);
    addMenu(bar, QT_TR_NOOP("&Tools"))->addActions(tools);
    actions->addTo(addMenu(bar, QT_TR_NOOP("&Language")), {English, Spanish});
    const bool spanish = QLocale().language() == QLocale::Spanish
                         || QSettings().value(QStringLiteral("language")).toString() == u"es";
    actions->action(spanish ? Spanish : English)->setChecked(true);
    actions->addTo(addMenu(bar, QT_TR_NOOP("&Help")), {About});
    retranslate();
}

QMenu *EditorMenus::addMenu(QWidget *parent, const char *title)
{
    auto *menu = new QMenu(parent);
    m_menus.append({menu, title});
    if (auto *bar = qobject_cast<QMenuBar *>(parent))
        bar->addMenu(menu);
    else
        qobject_cast<QMenu *>(parent)->addMenu(menu);
    return menu;
}

void EditorMenus::retranslate()
{
    for (const auto &[menu, title] : std::as_const(m_menus))
        menu->setTitle(tr(title));
}

} // namespace boxoffice::editor
