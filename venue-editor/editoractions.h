#pragma once

#include <QKeySequence>
#include <QObject>

class QAction;
class QMainWindow;

namespace boxoffice::editor {

/// Every menu action of the editor (not the tools: see ToolBox), with texts, shortcuts and
/// object names (tests find actions by name); MainWindow connects them and builds the menus.
class EditorActions : public QObject
{
    Q_OBJECT
public:
    explicit EditorActions(QMainWindow *window);

    QAction *newVenue, *open, *save, *saveAs, *importPretix, *exportPretix, *exportSvg, *exportPng,
        *publish, *quit;
    QAction *undo = nullptr, *redo = nullptr; // made from the undo stack by MainWindow
    QAction *remove, *selectAll, *selectRows, *selectSections, *selectNone, *rotateLeft,
        *rotateRight, *rotateBy, *renumber, *alignLeft, *alignRight, *alignTop, *alignBottom,
        *distributeH, *distributeV;
    QAction *zoomIn, *zoomOut, *fit, *showGrid, *snap, *snapSeats, *background, *backgroundOpacity,
        *calibrate;
    QAction *english, *spanish, *about;

private:
    QAction *make(const QString &name, const QString &text, const QKeySequence &shortcut = {});
    QMainWindow *m_window;
};

} // namespace boxoffice::editor
