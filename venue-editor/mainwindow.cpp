#include "mainwindow.h"

#include "autosaver.h"
#include "backgroundimage.h"
#include "commands/alignseats.h"
#include "commands/deleteobjects.h"
#include "commands/rotateobjects.h"
#include "document.h"
#include "editoractions.h"
#include "editorview.h"
#include "icons.h"
#include "newvenuedialog.h"
#include "panels/categoriespanel.h"
#include "panels/propertiespanel.h"
#include "panels/tooloptionsbar.h"
#include "panels/validationpanel.h"
#include "publishdialog.h"
#include "svgexporter.h"
#include "toolbox.h"
#include "tools/shapetool.h"

#include <core/pretixexporter.h>
#include <core/pretiximporter.h>
#include <seatmap/legendwidget.h>
#include <seatmap/seatmapscene.h>
#include <seatmap/zoomcontroller.h>

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace boxoffice::editor {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_scene(new seatmap::SeatMapScene(this))
    , m_view(new EditorView(this))
    , m_actions(new EditorActions(this))
    , m_toolOptionsBar(new ToolOptionsBar(&m_options, this))
    , m_validation(new ValidationPanel(this))
    , m_properties(new PropertiesPanel(this))
    , m_categories(new CategoriesPanel(&m_options, this))
    , m_legend(new seatmap::LegendWidget(this))
    , m_autosaver(new Autosaver(this))
    , m_background(new BackgroundImage(m_scene, this))
    , m_cursorLabel(new QLabel(this))
    , m_zoomLabel(new QLabel(this))
    , m_countLabel(new QLabel(this))
    , m_hintLabel(new QLabel(this))
{
    m_context.scene = m_scene;
    m_context.options = &m_options;
    m_toolBox = new ToolBox(&m_context, this);
    m_calibrateTool = new ShapeTool(
        tr("Calibrate"),
        QStringLiteral("calibrate"),
        QKeySequence(),
        ShapeTool::Mode::TwoPoints,
        &m_context,
        [this](const QPolygonF &points, const QRectF &) {
            bool ok = false;
            const double distance
                = QInputDialog::getDouble(this,
                                          tr("Calibrate Background"),
                                          tr("Real distance between the points (cm):"),
                                          1000,
                                          1,
                                          1e6,
                                          1,
                                          &ok);
            if (ok)
                m_background->calibrate(points.at(0), points.at(1), distance);
            selectTool(m_toolBox->tools().first());
        },
        this);
    m_view->setScene(m_scene);
    m_scene->setGridSize(m_options.gridSize);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    setCentralWidget(central);

    auto *tools = new QToolBar(tr("Tools"), this);
    tools->setObjectName(QStringLiteral("tools"));
    tools->setIconSize(QSize(24, 24));
    tools->addActions(m_toolBox->actions());
    addToolBar(Qt::LeftToolBarArea, tools);

    m_mainBar = addToolBar(tr("Main"));
    m_mainBar->setObjectName(QStringLiteral("main"));
    m_mainBar->setIconSize(QSize(22, 22));
    const QList<QPair<QAction *, QString>> icons
        = {{m_actions->newVenue, QStringLiteral("new")},
           {m_actions->open, QStringLiteral("open")},
           {m_actions->save, QStringLiteral("save")},
           {m_actions->zoomIn, QStringLiteral("zoom-in")},
           {m_actions->zoomOut, QStringLiteral("zoom-out")},
           {m_actions->fit, QStringLiteral("fit")},
           {m_actions->rotateLeft, QStringLiteral("rotate-left")},
           {m_actions->rotateRight, QStringLiteral("rotate-right")},
           {m_actions->remove, QStringLiteral("delete")},
           {m_actions->publish, QStringLiteral("publish")}};
    for (const auto &[action, icon] : icons)
        action->setIcon(toolIcon(icon));
    m_mainBar->addActions({m_actions->newVenue, m_actions->open, m_actions->save});
    m_mainBar->addSeparator();
    m_undoSlot = m_mainBar->addSeparator();
    m_mainBar->addActions({m_actions->zoomIn, m_actions->zoomOut, m_actions->fit});
    m_mainBar->addSeparator();
    m_mainBar->addActions({m_actions->rotateLeft, m_actions->rotateRight, m_actions->remove});
    m_mainBar->addSeparator();
    m_mainBar->addAction(m_actions->publish);
    addToolBar(Qt::TopToolBarArea, m_toolOptionsBar);
    m_toolOptionsBar->addSeparator();
    m_toolOptionsBar->addActions({m_actions->showGrid, m_actions->snap, m_actions->snapSeats});

    createDocks();
    createMenus();
    connectActions();

    statusBar()->addWidget(m_hintLabel, 1);
    statusBar()->addPermanentWidget(m_countLabel);
    statusBar()->addPermanentWidget(m_cursorLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    m_cursorLabel->setMinimumWidth(130);
    m_countLabel->setMinimumWidth(200);
    m_zoomLabel->setMinimumWidth(70);

    connect(m_view, &EditorView::cursorMoved, this, [this](QPointF p) {
        m_cursorLabel->setText(tr("x %1  y %2").arg(qRound(p.x())).arg(qRound(p.y())));
    });
    connect(m_view->zoom(), &seatmap::ZoomController::scaleChanged, this, [this](double scale) {
        m_zoomLabel->setText(tr("%1 %").arg(scale * 100, 0, 'f', 1));
    });
    connect(m_toolBox, &ToolBox::toolSelected, this, &MainWindow::selectTool);
    for (AbstractTool *tool : m_toolBox->tools())
        connect(tool, &AbstractTool::hintChanged, m_hintLabel, &QLabel::setText);
    connect(m_validation, &ValidationPanel::focusRequested, this, [this](const QRectF &rect) {
        if (!m_view->mapToScene(m_view->viewport()->rect()).boundingRect().contains(rect))
            m_view->zoom()->fitTo(rect);
    });

    resize(1280, 800);
    newVenue(tr("New Venue"), QSizeF(4000, 3000));
    selectTool(m_toolBox->tools().first());
}

MainWindow::~MainWindow()
{
    m_view->setTool(nullptr);
    // Nobody listens to a document that is going away (its undo stack signals while dying).
    if (m_document)
        m_document->disconnect();
}

void MainWindow::createDocks()
{
    auto dock = [this](QWidget *widget, const QString &title, const QString &name) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                       | QDockWidget::DockWidgetClosable);
        addDockWidget(Qt::RightDockWidgetArea, d);
        return d;
    };
    dock(m_properties, tr("Properties"), QStringLiteral("propertiesDock"));
    dock(m_categories, tr("Categories"), QStringLiteral("categoriesDock"));
    dock(m_validation, tr("Validation"), QStringLiteral("validationDock"));
    m_properties->setMinimumWidth(300);
    resizeDocks(findChildren<QDockWidget *>(), {420, 150, 260}, Qt::Vertical);
}

void MainWindow::createMenus()
{
    EditorActions *a = m_actions;
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addActions({a->newVenue, a->open, a->save, a->saveAs});
    file->addSeparator();
    file->addActions({a->importPretix, a->exportPretix, a->exportSvg, a->exportPng});
    file->addSeparator();
    file->addAction(a->publish);
    file->addSeparator();
    file->addAction(a->quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addActions({a->remove});
    edit->addSeparator();
    edit->addActions({a->selectAll, a->selectRows, a->selectSections, a->selectNone});
    edit->addSeparator();
    edit->addActions({a->rotateLeft, a->rotateRight, a->rotateBy, a->renumber});
    QMenu *align = edit->addMenu(tr("Align"));
    align->addActions({a->alignLeft, a->alignRight, a->alignTop, a->alignBottom});
    align->addSeparator();
    align->addActions({a->distributeH, a->distributeV});

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addActions({a->zoomIn, a->zoomOut, a->fit});
    view->addSeparator();
    view->addActions({a->showGrid, a->snap, a->snapSeats});
    view->addSeparator();
    view->addActions({a->background, a->backgroundOpacity, a->calibrate});
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    tools->addActions(m_toolBox->actions());

    QMenu *language = menuBar()->addMenu(tr("&Language"));
    language->addActions({a->english, a->spanish});
    const bool spanish = QLocale().language() == QLocale::Spanish
                         || QSettings().value(QStringLiteral("language")).toString() == u"es";
    (spanish ? a->spanish : a->english)->setChecked(true);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a->about);
}

void MainWindow::connectActions()
{
    EditorActions *a = m_actions;
    connect(a->newVenue, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        NewVenueDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted)
            newVenue(dialog.name(), dialog.size());
    });
    connect(a->open, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this,
                                                          tr("Open Venue"),
                                                          QString(),
                                                          tr("Venues (*.venue.json *.json)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(a->save, &QAction::triggered, this, &MainWindow::save);
    connect(a->saveAs, &QAction::triggered, this, &MainWindow::saveAs);
    connect(a->importPretix, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this,
                                                          tr("Import pretix Plan"),
                                                          QString(),
                                                          tr("pretix plans (*.json)"));
        if (!path.isEmpty())
            importPretix(path);
    });
    auto exporter = [this](const QString &title,
                           const QString &filter,
                           bool (MainWindow::*function)(const QString &)) {
        return [=, this] {
            const QString path = QFileDialog::getSaveFileName(this, title, QString(), filter);
            if (!path.isEmpty())
                (this->*function)(path);
        };
    };
    connect(a->exportPretix,
            &QAction::triggered,
            this,
            exporter(tr("Export pretix Plan"),
                     tr("pretix plans (*.json)"),
                     &MainWindow::exportPretix));
    connect(a->exportSvg,
            &QAction::triggered,
            this,
            exporter(tr("Export SVG"), tr("SVG images (*.svg)"), &MainWindow::exportSvg));
    connect(a->exportPng,
            &QAction::triggered,
            this,
            exporter(tr("Export PNG"), tr("PNG images (*.png)"), &MainWindow::exportPng));
    connect(a->publish, &QAction::triggered, this, &MainWindow::publish);
    connect(a->quit, &QAction::triggered, this, &QWidget::close);

    connect(a->remove, &QAction::triggered, this, [this] {
        if (m_document->selectedSeats().isEmpty() && m_document->selectedObjects().isEmpty())
            return;
        m_document->undoStack()->push(new DeleteObjects(m_document.get(),
                                                        m_document->selectedSeats(),
                                                        m_document->selectedObjects()));
        m_document->setSelection({});
    });
    connect(a->selectAll, &QAction::triggered, this, [this] {
        QList<core::SeatRef> seats;
        m_document->venue().forEachSeat(
            [&seats](const auto &, const auto &, const auto &, core::SeatRef ref) {
                seats.append(ref);
            });
        m_document->setSelection(seats);
    });
    connect(a->selectRows, &QAction::triggered, this, [this] { expandSelection(false); });
    connect(a->selectSections, &QAction::triggered, this, [this] { expandSelection(true); });
    connect(a->selectNone, &QAction::triggered, this, [this] { m_document->setSelection({}); });
    connect(a->rotateLeft, &QAction::triggered, this, [this] { rotateSelection(-15); });
    connect(a->rotateRight, &QAction::triggered, this, [this] { rotateSelection(15); });
    connect(a->rotateBy, &QAction::triggered, this, [this] {
        bool ok = false;
        const double degrees = QInputDialog::getDouble(this,
                                                       tr("Rotate"),
                                                       tr("Degrees (clockwise):"),
                                                       90,
                                                       -360,
                                                       360,
                                                       1,
                                                       &ok);
        if (ok)
            rotateSelection(degrees);
    });
    connect(a->renumber, &QAction::triggered, m_properties, &PropertiesPanel::renumber);
    const QList<QPair<QAction *, AlignSeats::Mode>> aligns
        = {{a->alignLeft, AlignSeats::Mode::Left},
           {a->alignRight, AlignSeats::Mode::Right},
           {a->alignTop, AlignSeats::Mode::Top},
           {a->alignBottom, AlignSeats::Mode::Bottom},
           {a->distributeH, AlignSeats::Mode::DistributeHorizontally},
           {a->distributeV, AlignSeats::Mode::DistributeVertically}};
    for (const auto &[action, mode] : aligns) {
        connect(action, &QAction::triggered, this, [this, mode] {
            if (m_document->selectedSeats().size() >= 2)
                m_document->undoStack()->push(
                    new AlignSeats(m_document.get(), m_document->selectedSeats(), mode));
        });
    }

    connect(a->zoomIn, &QAction::triggered, m_view->zoom(), &seatmap::ZoomController::zoomIn);
    connect(a->zoomOut, &QAction::triggered, m_view->zoom(), &seatmap::ZoomController::zoomOut);
    connect(a->fit, &QAction::triggered, m_view, &EditorView::fitToContent);
    connect(a->showGrid, &QAction::toggled, this, [this](bool on) {
        m_scene->setGridSize(on ? m_options.gridSize : 0);
    });
    connect(a->snap, &QAction::toggled, this, [this](bool on) { m_options.snapToGrid = on; });
    connect(a->snapSeats, &QAction::toggled, this, [this](bool on) { m_options.snapToSeats = on; });
    connect(a->background, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this,
                                                          tr("Background Image"),
                                                          QString(),
                                                          tr("Images (*.png *.jpg *.jpeg *.bmp)"));
        if (!path.isEmpty() && !m_background->load(path))
            showError(tr("Background Image"), tr("Cannot read the image %1").arg(path));
    });
    connect(a->backgroundOpacity, &QAction::triggered, this, [this] {
        bool ok = false;
        const int percent = QInputDialog::getInt(this,
                                                 tr("Background Opacity"),
                                                 tr("Opacity (%):"),
                                                 qRound(m_background->opacity() * 100),
                                                 0,
                                                 100,
                                                 5,
                                                 &ok);
        if (ok)
            m_background->setOpacity(percent / 100.0);
    });
    connect(a->calibrate, &QAction::triggered, this, [this] {
        if (!m_background->isLoaded()) {
            showError(tr("Calibrate Background"), tr("Load a background image first."));
            return;
        }
        m_view->setTool(m_calibrateTool);
        m_hintLabel->setText(m_calibrateTool->hint());
    });
    connect(a->english, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(a->spanish, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("es")); });
    connect(a->about, &QAction::triggered, this, [this] {
        QMessageBox::about(this,
                           tr("About Venue Editor"),
                           tr("<b>Venue Editor</b> %1<br>Draw sections, rows, seats and "
                              "general-admission areas, and publish them to the box office.")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::setDocument(std::unique_ptr<Document> document)
{
    if (m_document)
        m_document->disconnect(this);
    m_view->setTool(nullptr);
    // The old document lives until every view has let go of it (end of this function).
    const std::unique_ptr<Document> old = std::move(m_document);
    if (old)
        old->disconnect();
    m_document = std::move(document);
    m_context.document = m_document.get();
    connect(m_document.get(), &Document::changed, this, &MainWindow::documentChanged);
    connect(m_document.get(), &Document::selectionChanged, this, &MainWindow::selectionChanged);
    connect(m_document.get(), &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document.get(), &Document::fileNameChanged, this, &MainWindow::updateTitle);

    // Undo/redo actions follow the current stack.
    QMenu *edit = menuBar()->findChild<QMenu *>(QStringLiteral("editMenu"));
    if (m_actions->undo) {
        edit->removeAction(m_actions->undo);
        edit->removeAction(m_actions->redo);
        m_mainBar->removeAction(m_actions->undo);
        m_mainBar->removeAction(m_actions->redo);
        m_actions->undo->deleteLater();
        m_actions->redo->deleteLater();
    }
    m_actions->undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_actions->undo->setObjectName(QStringLiteral("undo"));
    m_actions->undo->setShortcut(QKeySequence::Undo);
    m_actions->redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_actions->redo->setObjectName(QStringLiteral("redo"));
    m_actions->redo->setShortcut(QKeySequence::Redo);
    m_actions->undo->setIcon(toolIcon(QStringLiteral("undo")));
    m_actions->redo->setIcon(toolIcon(QStringLiteral("redo")));
    m_mainBar->insertActions(m_undoSlot, {m_actions->undo, m_actions->redo});
    if (edit) {
        QAction *first = edit->actions().value(0);
        edit->insertActions(first, {m_actions->undo, m_actions->redo});
        edit->insertSeparator(first);
    }

    m_scene->setVenue(m_document->venue());
    m_validation->setDocument(m_document.get());
    m_properties->setDocument(m_document.get());
    m_categories->setDocument(m_document.get());
    m_autosaver->setDocument(m_document.get());
    m_legend->setCategories(m_document->venue().categories);
    m_view->setTool(m_toolBox->tools().first());
    m_toolBox->actions().first()->setChecked(true);
    m_toolOptionsBar->setTool(m_toolBox->tools().first());
    m_view->fitToContent();
    if (m_scene->contentRect().isEmpty() || m_document->venue().seatCount() == 0)
        m_view->zoom()->fitTo(QRectF(QPointF(0, 0), m_document->venue().size));
    updateTitle();
    updateStatus();
}

void MainWindow::documentChanged(const ChangeEvent &event)
{
    switch (event.kind) {
    case ChangeEvent::Kind::Sections:
        m_scene->updateSections(m_document->venue(), event.sections);
        break;
    case ChangeEvent::Kind::Objects:
        m_scene->updateObjects(m_document->venue());
        break;
    case ChangeEvent::Kind::Venue:
    case ChangeEvent::Kind::Properties:
        m_scene->setVenue(m_document->venue());
        m_legend->setCategories(m_document->venue().categories);
        break;
    }
    m_scene->setSelection(m_document->selectedSeats(), m_document->selectedObjects());
    updateStatus();
}

void MainWindow::selectionChanged()
{
    m_scene->setSelection(m_document->selectedSeats(), m_document->selectedObjects());
    updateStatus();
}

void MainWindow::selectTool(AbstractTool *tool)
{
    m_view->setTool(tool);
    m_toolOptionsBar->setTool(tool);
    m_hintLabel->setText(tool ? tool->hint() : QString());
    if (QAction *action = m_toolBox->action(tool->iconName()))
        action->setChecked(true);
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document->displayName() + QStringLiteral("[*] — ") + tr("Venue Editor"));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateStatus()
{
    const core::Venue &venue = m_document->venue();
    m_countLabel->setText(tr("Seats: %1 · Selected: %2")
                              .arg(venue.seatCount())
                              .arg(m_document->selectedSeats().size()));
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    if (!m_quiet)
        QMessageBox::warning(this, title, text);
}

void MainWindow::newVenue(const QString &name, QSizeF size)
{
    core::Venue venue;
    venue.id = name.toLower().simplified().replace(u' ', u'-');
    venue.name = name;
    venue.size = size;
    venue.focalPoint = QPointF(size.width() / 2, size.height() * 0.1);
    venue.categories = {{QStringLiteral("standard"), tr("Standard"), QColor(0x2e86c1)}};
    m_options.categoryId = QStringLiteral("standard");
    setDocument(std::make_unique<Document>(venue));
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    std::unique_ptr<Document> document = Document::load(path, &error);
    if (!document) {
        showError(tr("Open Venue"), tr("Cannot open %1:\n\n%2").arg(path, error));
        return false;
    }
    setDocument(std::move(document));
    return true;
}

bool MainWindow::saveFile(const QString &path)
{
    m_validation->refresh();
    QString error;
    if (!m_document->save(path, &error)) {
        showError(tr("Save Venue"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveFile(m_document->fileName());
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this,
                                                tr("Save Venue"),
                                                m_document->venue().id + u".venue.json",
                                                tr("Venues (*.venue.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(u".json"))
        path += u".venue.json";
    return saveFile(path);
}

bool MainWindow::maybeSave()
{
    if (!m_document || !m_document->isModified() || m_quiet)
        return true;
    const auto answer
        = QMessageBox::question(this,
                                tr("Unsaved Changes"),
                                tr("Save the changes to %1?").arg(m_document->displayName()),
                                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::importPretix(const QString &path)
{
    core::VenueReadResult result = core::PretixImporter::readFile(path);
    if (!result.ok()) {
        showError(tr("Import pretix Plan"),
                  tr("Cannot import %1:\n\n%2").arg(path, core::formatIssues(result.errors())));
        return false;
    }
    result.venue.rebuildSeatIndex();
    setDocument(std::make_unique<Document>(result.venue));
    if (!result.issues.isEmpty())
        statusBar()->showMessage(tr("Imported with %n warning(s)",
                                    nullptr,
                                    int(result.issues.size())),
                                 6000);
    return true;
}

bool MainWindow::exportPretix(const QString &path)
{
    QStringList losses;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(core::PretixExporter::write(m_document->venue(), &losses)) < 0
        || !file.commit()) {
        showError(tr("Export pretix Plan"), file.errorString());
        return false;
    }
    if (!losses.isEmpty())
        statusBar()->showMessage(tr("pretix has no place for: %1").arg(losses.join(u", ")), 8000);
    return true;
}

bool MainWindow::exportSvg(const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(SvgExporter::write(m_document->venue())) < 0
        || !file.commit()) {
        showError(tr("Export SVG"), file.errorString());
        return false;
    }
    return true;
}

bool MainWindow::exportPng(const QString &path)
{
    const QRectF source = m_scene->contentRect() | QRectF(QPointF(0, 0), m_document->venue().size);
    const double scale = qMin(1.0, 4000.0 / qMax(source.width(), source.height()));
    QImage image((source.size() * scale).toSize().expandedTo(QSize(1, 1)),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto selection = m_document->selectedSeats();
    const auto objects = m_document->selectedObjects();
    m_scene->setSelection({});
    m_scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    painter.end();
    m_scene->setSelection(selection, objects);
    if (!image.save(path, "PNG")) {
        showError(tr("Export PNG"), tr("Cannot write %1").arg(path));
        return false;
    }
    return true;
}

void MainWindow::rotateSelection(double degrees)
{
    const auto seats = m_document->selectedSeats();
    const auto objects = m_document->selectedObjects();
    if (seats.isEmpty() && objects.isEmpty())
        return;
    m_document->undoStack()->push(
        new RotateObjects(m_document.get(),
                          seats,
                          objects,
                          degrees,
                          selectionCentre(m_document->venue(), seats, objects)));
}

void MainWindow::expandSelection(bool sections)
{
    const core::Venue &venue = m_document->venue();
    QSet<QPair<int, int>> rows;
    QSet<int> sectionSet;
    for (const core::SeatRef &ref : m_document->selectedSeats()) {
        rows.insert({ref.section, ref.row});
        sectionSet.insert(ref.section);
    }
    for (const seatmap::ObjectRef &ref : m_document->selectedObjects()) {
        if (ref.kind == seatmap::ObjectRef::Kind::Section)
            sectionSet.insert(ref.index);
    }
    QList<core::SeatRef> seats;
    venue.forEachSeat([&](const auto &, const auto &, const auto &, core::SeatRef ref) {
        if (sections ? sectionSet.contains(ref.section) : rows.contains({ref.section, ref.row}))
            seats.append(ref);
    });
    m_document->setSelection(seats, m_document->selectedObjects());
}

void MainWindow::publish()
{
    PublishDialog dialog(m_document.get(), this);
    dialog.exec();
}

void MainWindow::setLanguage(const QString &language)
{
    QSettings().setValue(QStringLiteral("language"), language);
    statusBar()->showMessage(tr("The language changes the next time the editor starts."), 6000);
}

void MainWindow::offerRecovery()
{
    const QStringList files = Autosaver::leftovers();
    if (files.isEmpty())
        return;
    const QString file = files.first();
    const QString original = Autosaver::originalPath(file);
    const auto answer
        = m_quiet ? QMessageBox::Yes
                  : QMessageBox::question(
                      this,
                      tr("Recover Unsaved Work"),
                      tr("The editor did not close cleanly. Recover the unsaved changes to %1?")
                          .arg(original.isEmpty() ? tr("a new venue") : original),
                      QMessageBox::Yes | QMessageBox::No);
    if (answer == QMessageBox::Yes && openFile(file)) {
        m_document->setFileName(original);
        // Mark as modified: the recovered work is not saved in the original file yet.
        m_document->undoStack()->resetClean();
        updateTitle();
    }
    for (const QString &f : files) {
        QFile::remove(f);
        QFile::remove(f + QStringLiteral(".meta"));
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_autosaver->discard();
    event->accept();
}

} // namespace boxoffice::editor
