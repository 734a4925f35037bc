// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "autosaver.h"
#include "backgroundcommands.h"
#include "backgroundimage.h"
#include "commands/alignseats.h"
#include "document.h"
#include "editoractions.h"
#include "editormenus.h"
#include "editorview.h"
#include "filecommands.h"
#include "icons.h"
#include "panels/categoriespanel.h"
#include "panels/propertiespanel.h"
#include "panels/tooloptionsbar.h"
#include "panels/validationpanel.h"
#include "publishdialog.h"
#include "selectionops.h"
#include "toolbox.h"
#include "tools/shapetool.h"
#include "venueexport.h"
#include <core/uilanguage.h>

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
    , m_files(new FileCommands(this))
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
    m_backgroundCommands = new BackgroundCommands(m_background, &m_context, this);
    connect(m_backgroundCommands, &BackgroundCommands::toolWanted, this, [this](AbstractTool *tool) {
        if (!tool) {
            selectTool(m_toolBox->tools().first());
            return;
        }
        m_view->setTool(tool);
        m_hintLabel->setText(tool->hint());
    });
    connect(m_backgroundCommands, &BackgroundCommands::failed, this, &MainWindow::showError);
    m_view->setScene(m_scene);
    m_scene->setGridSize(m_options.gridSize);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    setCentralWidget(central);

    auto *tools = m_toolsBar = new QToolBar(this);
    tools->setObjectName(QStringLiteral("tools"));
    tools->setIconSize(QSize(24, 24));
    tools->addActions(m_toolBox->actions());
    addToolBar(Qt::LeftToolBarArea, tools);

    m_mainBar = addToolBar(QString());
    m_mainBar->setObjectName(QStringLiteral("main"));
    m_mainBar->setIconSize(QSize(22, 22));
    using enum CommandId;
    const QList<QPair<CommandId, QString>> icons = {{NewVenue, QStringLiteral("new")},
                                                    {Open, QStringLiteral("open")},
                                                    {Save, QStringLiteral("save")},
                                                    {ZoomIn, QStringLiteral("zoom-in")},
                                                    {ZoomOut, QStringLiteral("zoom-out")},
                                                    {Fit, QStringLiteral("fit")},
                                                    {RotateLeft, QStringLiteral("rotate-left")},
                                                    {RotateRight, QStringLiteral("rotate-right")},
                                                    {Delete, QStringLiteral("delete")},
                                                    {Publish, QStringLiteral("publish")}};
    for (const auto &[id, icon] : icons)
        m_actions->action(id)->setIcon(toolIcon(icon));
    m_actions->addTo(m_mainBar, {NewVenue, Open, Save, Separator});
    m_undoSlot = m_mainBar->addSeparator();
    m_actions->addTo(
        m_mainBar,
        {ZoomIn, ZoomOut, Fit, Separator, RotateLeft, RotateRight, Delete, Separator, Publish});
    addToolBar(Qt::TopToolBarArea, m_toolOptionsBar);
    m_toolOptionsBar->addSeparator();
    m_actions->addTo(m_toolOptionsBar, {ShowGrid, Snap, SnapSeats});

    createDocks();
    QList<QAction *> panels;
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        panels.append(dock->toggleViewAction());
    m_menus = new EditorMenus(menuBar(), m_actions, panels, m_toolBox->actions());
    connectActions();
    retranslateUi();

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
    auto dock = [this](QWidget *widget, const char *title, const QString &name) {
        auto *d = new QDockWidget(this);
        m_docks.append({d, title});
        d->setObjectName(name);
        d->setWidget(widget);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                       | QDockWidget::DockWidgetClosable);
        addDockWidget(Qt::RightDockWidgetArea, d);
        return d;
    };
    dock(m_properties, QT_TR_NOOP("Properties"), QStringLiteral("propertiesDock"));
    dock(m_categories, QT_TR_NOOP("Categories"), QStringLiteral("categoriesDock"));
    dock(m_validation, QT_TR_NOOP("Validation"), QStringLiteral("validationDock"));
    m_properties->setMinimumWidth(300);
    resizeDocks(findChildren<QDockWidget *>(), {420, 150, 260}, Qt::Vertical);
}

void MainWindow::connectActions()
{
    using enum CommandId;
    auto on = [this](CommandId id, auto handler) {
        connect(m_actions->action(id), &QAction::triggered, this, handler);
    };
    m_files->connectTo(m_actions);
    on(Publish, &MainWindow::publish);
    on(Quit, &QWidget::close);

    auto onDocument = [this](CommandId id, void (*operation)(Document &)) {
        connect(m_actions->action(id), &QAction::triggered, this, [this, operation] {
            operation(*m_document);
        });
    };
    onDocument(Delete, &selectionops::remove);
    onDocument(SelectAll, &selectionops::selectAllSeats);
    onDocument(SelectRows, &selectionops::selectWholeRows);
    onDocument(SelectSections, &selectionops::selectWholeSections);
    onDocument(SelectNone, &selectionops::selectNone);
    on(RotateLeft, [this] { selectionops::rotate(*m_document, -15); });
    on(RotateRight, [this] { selectionops::rotate(*m_document, 15); });
    on(RotateBy, [this] {
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
            selectionops::rotate(*m_document, degrees);
    });
    connect(m_actions->action(Renumber),
            &QAction::triggered,
            m_properties,
            &PropertiesPanel::renumber);
    const QList<QPair<CommandId, AlignSeats::Mode>> aligns
        = {{AlignLeft, AlignSeats::Mode::Left},
           {AlignRight, AlignSeats::Mode::Right},
           {AlignTop, AlignSeats::Mode::Top},
           {AlignBottom, AlignSeats::Mode::Bottom},
           {DistributeH, AlignSeats::Mode::DistributeHorizontally},
           {DistributeV, AlignSeats::Mode::DistributeVertically}};
    for (const auto &[id, mode] : aligns)
        on(id, [this, mode] { selectionops::align(*m_document, mode); });

    connect(m_actions->action(ZoomIn),
            &QAction::triggered,
            m_view->zoom(),
            &seatmap::ZoomController::zoomIn);
    connect(m_actions->action(ZoomOut),
            &QAction::triggered,
            m_view->zoom(),
            &seatmap::ZoomController::zoomOut);
    connect(m_actions->action(Fit), &QAction::triggered, m_view, &EditorView::fitToContent);
    connect(m_actions->action(ShowGrid), &QAction::toggled, this, [this](bool checked) {
        m_scene->setGridSize(checked ? m_options.gridSize : 0);
    });
    connect(m_actions->action(Snap), &QAction::toggled, this, [this](bool checked) {
        m_options.snapToGrid = checked;
    });
    connect(m_actions->action(SnapSeats), &QAction::toggled, this, [this](bool checked) {
        m_options.snapToSeats = checked;
    });
    m_backgroundCommands->connectTo(m_actions);
    on(English, [this] { setLanguage(QStringLiteral("en")); });
    on(Spanish, [this] { setLanguage(QStringLiteral("es")); });
    on(About, [this] {
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

    installUndoActions();

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

void MainWindow::installUndoActions()
{
    m_actions->followUndoStack(m_document->undoStack(), m_menus->editMenu(), m_mainBar, m_undoSlot);
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
    if (const QString error = venueexport::pretix(*m_document, path, &losses); !error.isEmpty()) {
        showError(tr("Export pretix Plan"), error);
        return false;
    }
    if (!losses.isEmpty())
        statusBar()->showMessage(tr("pretix has no place for: %1").arg(losses.join(u", ")), 8000);
    return true;
}

bool MainWindow::exportSvg(const QString &path)
{
    const QString error = venueexport::svg(*m_document, path);
    if (!error.isEmpty())
        showError(tr("Export SVG"), error);
    return error.isEmpty();
}

bool MainWindow::exportPng(const QString &path)
{
    const QString error = venueexport::png(*m_document, m_scene, path);
    if (!error.isEmpty())
        showError(tr("Export PNG"), error);
    return error.isEmpty();
}

void MainWindow::publish()
{
    PublishDialog dialog(m_document.get(), this);
    dialog.exec();
}

void MainWindow::setLanguage(const QString &language)
{
    QSettings().setValue(QStringLiteral("language"), language);
    // Every widget hears QEvent::LanguageChange and sets its texts again (changeEvent).
    if (!core::installLanguage(QStringLiteral("venue-editor"), language))
        showError(tr("Language"), tr("There is no translation for %1.").arg(language));
    m_actions->action(language == u"es" ? CommandId::Spanish : CommandId::English)->setChecked(true);
}

void MainWindow::retranslateUi()
{
    m_menus->retranslate();
    for (const auto &[dock, title] : std::as_const(m_docks))
        dock->setWindowTitle(tr(title));
    m_toolsBar->setWindowTitle(tr("Tools"));
    m_mainBar->setWindowTitle(tr("Main"));
    m_actions->retranslate();
    m_toolBox->retranslate();
    m_backgroundCommands->retranslate();
    if (m_document)
        installUndoActions();
    if (AbstractTool *tool = m_view->tool())
        m_hintLabel->setText(tool->hint());
    m_zoomLabel->setText(tr("%1 %").arg(m_view->zoom()->scale() * 100, 0, 'f', 1));
    m_cursorLabel->clear(); // until the mouse moves again
    if (m_document) {
        updateTitle();
        updateStatus();
    }
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::offerRecovery()
{
    m_files->offerRecovery();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    m_autosaver->discard();
    event->accept();
}

} // namespace boxoffice::editor
