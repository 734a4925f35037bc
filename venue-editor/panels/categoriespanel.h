// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QListWidget;
class QPushButton;

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

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();
    void editCurrent();

    Document *m_document = nullptr;
    ToolOptions *m_options;
    QListWidget *m_list;
    QPushButton *m_add = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_assign = nullptr;
};

} // namespace boxoffice::editor
