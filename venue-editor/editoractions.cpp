#include "editoractions.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>

namespace boxoffice::editor {

QAction *EditorActions::make(const QString &name, const QKeySequence &shortcut)
{
    auto *action = new QAction(m_window);
    action->setObjectName(name);
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    m_window->addAction(action);
    return action;
}

void EditorActions::setText(QAction *action, const QString &text)
{
    action->setText(text);
    if (!action->shortcut().isEmpty())
        action->setToolTip(text + u" (" + action->shortcut().toString(QKeySequence::NativeText)
                           + u')');
}

void EditorActions::retranslate()
{
    setText(newVenue, tr("&New Venue…"));
    setText(open, tr("&Open…"));
    setText(save, tr("&Save"));
    setText(saveAs, tr("Save &As…"));
    setText(importPretix, tr("Import pretix Plan…"));
    setText(exportPretix, tr("Export pretix Plan…"));
    setText(exportSvg, tr("Export SVG…"));
    setText(exportPng, tr("Export PNG…"));
    setText(publish, tr("&Publish to Server…"));
    setText(quit, tr("&Quit"));
    setText(remove, tr("&Delete"));
    setText(selectAll, tr("Select &All"));
    setText(selectRows, tr("Select Whole &Rows"));
    setText(selectSections, tr("Select Whole S&ections"));
    setText(selectNone, tr("Select &None"));
    setText(rotateLeft, tr("Rotate 15° Left"));
    setText(rotateRight, tr("Rotate 15° Right"));
    setText(rotateBy, tr("Rotate By…"));
    setText(renumber, tr("Re&number Rows"));
    setText(alignLeft, tr("Align Left"));
    setText(alignRight, tr("Align Right"));
    setText(alignTop, tr("Align Top"));
    setText(alignBottom, tr("Align Bottom"));
    setText(distributeH, tr("Distribute Horizontally"));
    setText(distributeV, tr("Distribute Vertically"));
    setText(zoomIn, tr("Zoom &In"));
    setText(zoomOut, tr("Zoom &Out"));
    setText(fit, tr("&Fit to Window"));
    setText(showGrid, tr("Show &Grid"));
    setText(snap, tr("&Snap to Grid"));
    setText(snapSeats, tr("Snap to S&eats"));
    setText(background, tr("&Background Image…"));
    setText(backgroundOpacity, tr("Background &Opacity…"));
    setText(calibrate, tr("&Calibrate Background Scale"));
    setText(about, tr("&About Venue Editor"));
}

EditorActions::EditorActions(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    newVenue = make(QStringLiteral("new"), QKeySequence::New);
    open = make(QStringLiteral("open"), QKeySequence::Open);
    save = make(QStringLiteral("save"), QKeySequence::Save);
    saveAs = make(QStringLiteral("saveAs"), QKeySequence::SaveAs);
    importPretix = make(QStringLiteral("importPretix"), QKeySequence(tr("Ctrl+I")));
    exportPretix = make(QStringLiteral("exportPretix"));
    exportSvg = make(QStringLiteral("exportSvg"));
    exportPng = make(QStringLiteral("exportPng"));
    publish = make(QStringLiteral("publish"), QKeySequence(tr("Ctrl+Shift+P")));
    quit = make(QStringLiteral("quit"), QKeySequence::Quit);

    remove = make(QStringLiteral("delete"), QKeySequence::Delete);
    selectAll = make(QStringLiteral("selectAll"), QKeySequence::SelectAll);
    selectRows = make(QStringLiteral("selectRows"), QKeySequence(tr("Ctrl+Shift+R")));
    selectSections = make(QStringLiteral("selectSections"), QKeySequence(tr("Ctrl+Shift+E")));
    selectNone = make(QStringLiteral("selectNone"), QKeySequence(tr("Ctrl+Shift+A")));
    rotateLeft = make(QStringLiteral("rotateLeft"), QKeySequence(tr("Ctrl+[")));
    rotateRight = make(QStringLiteral("rotateRight"), QKeySequence(tr("Ctrl+]")));
    rotateBy = make(QStringLiteral("rotateBy"), QKeySequence(tr("Ctrl+R")));
    renumber = make(QStringLiteral("renumber"), QKeySequence(tr("Ctrl+N, R")));
    renumber->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    alignLeft = make(QStringLiteral("alignLeft"));
    alignRight = make(QStringLiteral("alignRight"));
    alignTop = make(QStringLiteral("alignTop"));
    alignBottom = make(QStringLiteral("alignBottom"));
    distributeH = make(QStringLiteral("distributeH"));
    distributeV = make(QStringLiteral("distributeV"));

    zoomIn = make(QStringLiteral("zoomIn"), QKeySequence::ZoomIn);
    zoomOut = make(QStringLiteral("zoomOut"), QKeySequence::ZoomOut);
    fit = make(QStringLiteral("fit"), QKeySequence(tr("Ctrl+0")));
    showGrid = make(QStringLiteral("showGrid"), QKeySequence(tr("Ctrl+'")));
    showGrid->setCheckable(true);
    showGrid->setChecked(true);
    snap = make(QStringLiteral("snap"), QKeySequence(tr("Ctrl+Shift+'")));
    snap->setCheckable(true);
    snap->setChecked(true);

    snapSeats = make(QStringLiteral("snapSeats"));
    snapSeats->setCheckable(true);
    snapSeats->setChecked(true);
    background = make(QStringLiteral("background"));
    backgroundOpacity = make(QStringLiteral("backgroundOpacity"));
    calibrate = make(QStringLiteral("calibrate"), QKeySequence(tr("Ctrl+Shift+C")));

    english = make(QStringLiteral("english"));
    english->setText(QStringLiteral("English")); // each language in its own words
    spanish = make(QStringLiteral("spanish"));
    spanish->setText(QStringLiteral("Español"));
    auto *languages = new QActionGroup(this);
    for (QAction *action : {english, spanish}) {
        action->setCheckable(true);
        languages->addAction(action);
    }
    about = make(QStringLiteral("about"));
    retranslate();
}

} // namespace boxoffice::editor
