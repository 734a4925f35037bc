#include "editoractions.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>

namespace boxoffice::editor {

QAction *EditorActions::make(const QString &name, const QString &text, const QKeySequence &shortcut)
{
    auto *action = new QAction(text, m_window);
    action->setObjectName(name);
    if (!shortcut.isEmpty()) {
        action->setShortcut(shortcut);
        action->setToolTip(text + u" (" + shortcut.toString(QKeySequence::NativeText) + u')');
    }
    m_window->addAction(action);
    return action;
}

EditorActions::EditorActions(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    newVenue = make(QStringLiteral("new"), tr("&New Venue…"), QKeySequence::New);
    open = make(QStringLiteral("open"), tr("&Open…"), QKeySequence::Open);
    save = make(QStringLiteral("save"), tr("&Save"), QKeySequence::Save);
    saveAs = make(QStringLiteral("saveAs"), tr("Save &As…"), QKeySequence::SaveAs);
    importPretix = make(QStringLiteral("importPretix"),
                        tr("Import pretix Plan…"),
                        QKeySequence(tr("Ctrl+I")));
    exportPretix = make(QStringLiteral("exportPretix"), tr("Export pretix Plan…"));
    exportSvg = make(QStringLiteral("exportSvg"), tr("Export SVG…"));
    exportPng = make(QStringLiteral("exportPng"), tr("Export PNG…"));
    publish = make(QStringLiteral("publish"),
                   tr("&Publish to Server…"),
                   QKeySequence(tr("Ctrl+Shift+P")));
    quit = make(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit);

    remove = make(QStringLiteral("delete"), tr("&Delete"), QKeySequence::Delete);
    selectAll = make(QStringLiteral("selectAll"), tr("Select &All"), QKeySequence::SelectAll);
    selectRows = make(QStringLiteral("selectRows"),
                      tr("Select Whole &Rows"),
                      QKeySequence(tr("Ctrl+Shift+R")));
    selectSections = make(QStringLiteral("selectSections"),
                          tr("Select Whole S&ections"),
                          QKeySequence(tr("Ctrl+Shift+E")));
    selectNone = make(QStringLiteral("selectNone"),
                      tr("Select &None"),
                      QKeySequence(tr("Ctrl+Shift+A")));
    rotateLeft = make(QStringLiteral("rotateLeft"),
                      tr("Rotate 15° Left"),
                      QKeySequence(tr("Ctrl+[")));
    rotateRight = make(QStringLiteral("rotateRight"),
                       tr("Rotate 15° Right"),
                       QKeySequence(tr("Ctrl+]")));
    rotateBy = make(QStringLiteral("rotateBy"), tr("Rotate By…"), QKeySequence(tr("Ctrl+R")));
    renumber = make(QStringLiteral("renumber"), tr("Re&number Rows"), QKeySequence(tr("Ctrl+N, R")));
    renumber->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    alignLeft = make(QStringLiteral("alignLeft"), tr("Align Left"));
    alignRight = make(QStringLiteral("alignRight"), tr("Align Right"));
    alignTop = make(QStringLiteral("alignTop"), tr("Align Top"));
    alignBottom = make(QStringLiteral("alignBottom"), tr("Align Bottom"));
    distributeH = make(QStringLiteral("distributeH"), tr("Distribute Horizontally"));
    distributeV = make(QStringLiteral("distributeV"), tr("Distribute Vertically"));

    zoomIn = make(QStringLiteral("zoomIn"), tr("Zoom &In"), QKeySequence::ZoomIn);
    zoomOut = make(QStringLiteral("zoomOut"), tr("Zoom &Out"), QKeySequence::ZoomOut);
    fit = make(QStringLiteral("fit"), tr("&Fit to Window"), QKeySequence(tr("Ctrl+0")));
    showGrid = make(QStringLiteral("showGrid"), tr("Show &Grid"), QKeySequence(tr("Ctrl+'")));
    showGrid->setCheckable(true);
    showGrid->setChecked(true);
    snap = make(QStringLiteral("snap"), tr("&Snap to Grid"), QKeySequence(tr("Ctrl+Shift+'")));
    snap->setCheckable(true);
    snap->setChecked(true);

    snapSeats = make(QStringLiteral("snapSeats"), tr("Snap to S&eats"));
    snapSeats->setCheckable(true);
    snapSeats->setChecked(true);
    background = make(QStringLiteral("background"), tr("&Background Image…"));
    backgroundOpacity = make(QStringLiteral("backgroundOpacity"), tr("Background &Opacity…"));
    calibrate = make(QStringLiteral("calibrate"),
                     tr("&Calibrate Background Scale"),
                     QKeySequence(tr("Ctrl+Shift+C")));

    english = make(QStringLiteral("english"), QStringLiteral("English"));
    spanish = make(QStringLiteral("spanish"), QStringLiteral("Español"));
    auto *languages = new QActionGroup(this);
    for (QAction *action : {english, spanish}) {
        action->setCheckable(true);
        languages->addAction(action);
    }
    about = make(QStringLiteral("about"), tr("&About Venue Editor"));
}

} // namespace boxoffice::editor
