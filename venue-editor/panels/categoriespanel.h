#pragma once

#include <QWidget>

class QListWidget;

namespace boxoffice::editor {

class Document;
class ToolOptions;

/// The venue's categories with their colours: add, rename, recolour, assign to the selection;
/// the current one is used for new seats.
class CategoriesPanel : public QWidget
{
    Q_OBJECT
public:
    CategoriesPanel(ToolOptions *options, QWidget *parent = nullptr);

    void setDocument(Document *document);
    /// Adds a category (used by the panel's button and tests).
    void addCategory(const QString &id, const QString &name, const QColor &colour);
    /// Gives the selection the current category.
    void assignToSelection();

private:
    void refresh();
    void editCurrent();

    Document *m_document = nullptr;
    ToolOptions *m_options;
    QListWidget *m_list;
};

} // namespace boxoffice::editor
