// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tooloptions.h"
#include "tools/abstracttool.h"

#include <QMainWindow>

#include <memory>

class QDockWidget;
class QLabel;
class QMenu;
class QToolBar;

namespace boxoffice::seatmap {
class LegendWidget;
class SeatMapScene;
} // namespace boxoffice::seatmap

namespace boxoffice::editor {

class Autosaver;
class BackgroundCommands;
class BackgroundImage;
class ShapeTool;
class CategoriesPanel;
class Document;
class EditorActions;
class EditorMenus;
class EditorView;
class FileCommands;
class PropertiesPanel;
class ToolBox;
class ToolOptionsBar;
class ValidationPanel;
struct ChangeEvent;

/// The editor's main window: map view in the middle, tools on the left, tool options on top,
/// properties, categories and validation docks on the right, zoom and cursor in the status bar.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_document.get(); }
    EditorView *view() const { return m_view; }
    seatmap::SeatMapScene *scene() const { return m_scene; }
    ValidationPanel *validationPanel() const { return m_validation; }
    PropertiesPanel *propertiesPanel() const { return m_properties; }
    CategoriesPanel *categoriesPanel() const { return m_categories; }
    ToolOptions *toolOptions() { return &m_options; }
    ToolBox *toolBox() const { return m_toolBox; }
    EditorActions *actions() const { return m_actions; }
    /// When quiet, errors go to lastError() instead of message boxes (tests, scripting).
    void setQuiet(bool quiet) { m_quiet = quiet; }
    bool isQuiet() const { return m_quiet; }
    QString lastError() const { return m_lastError; }

    /// Starts a new venue with one default category.
    void newVenue(const QString &name, QSizeF size);
    bool openFile(const QString &path);
    bool saveFile(const QString &path);
    bool importPretix(const QString &path);
    bool exportPretix(const QString &path);
    bool exportSvg(const QString &path);
    bool exportPng(const QString &path);
    /// Offers autosaved work from a previous run that did not end cleanly.
    void offerRecovery();
    Autosaver *autosaver() const { return m_autosaver; }
    BackgroundImage *background() const { return m_background; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void setDocument(std::unique_ptr<Document> document);
    void createDocks();
    void connectActions();
    void selectTool(AbstractTool *tool);
    void documentChanged(const ChangeEvent &event);
    void selectionChanged();
    void updateTitle();
    void updateStatus();
    void showError(const QString &title, const QString &text);
    void publish();
    void setLanguage(const QString &language);
    void installUndoActions();
    /// Every text of the window, its menus, toolbars, docks and tools in the current language.
    void retranslateUi();

    ToolOptions m_options;
    ToolContext m_context;
    std::unique_ptr<Document> m_document;
    seatmap::SeatMapScene *m_scene;
    EditorView *m_view;
    EditorActions *m_actions;
    FileCommands *m_files;
    ToolBox *m_toolBox;
    ToolOptionsBar *m_toolOptionsBar;
    ValidationPanel *m_validation;
    PropertiesPanel *m_properties;
    CategoriesPanel *m_categories;
    seatmap::LegendWidget *m_legend;
    Autosaver *m_autosaver;
    BackgroundImage *m_background;
    BackgroundCommands *m_backgroundCommands;
    QToolBar *m_mainBar;
    QToolBar *m_toolsBar;
    EditorMenus *m_menus;
    QList<QPair<QDockWidget *, const char *>> m_docks;
    QAction *m_undoSlot; ///< undo/redo of the current document go before this separator
    QLabel *m_cursorLabel;
    QLabel *m_zoomLabel;
    QLabel *m_countLabel;
    QLabel *m_hintLabel;
    QString m_lastError;
    bool m_quiet = false;
};

} // namespace boxoffice::editor
