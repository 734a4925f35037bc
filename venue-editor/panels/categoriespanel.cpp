// SPDX-License-Identifier: GPL-3.0-or-later
#include "categoriespanel.h"

#include "../commands/changevenue.h"
#include "../commands/setcategory.h"
#include "../document.h"
#include "../tooloptions.h"

#include <QColorDialog>
#include <QEvent>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::editor {

namespace {
const QList<QColor> kPalette = {QColor(0xc0392b),
                                QColor(0x2e86c1),
                                QColor(0x27ae60),
                                QColor(0xf39c12),
                                QColor(0x8e44ad),
                                QColor(0x16a085)};
}

void CategoriesPanel::retranslate()
{
    m_add->setText(tr("Add…"));
    m_edit->setText(tr("Edit…"));
    m_assign->setText(tr("Assign"));
    m_assign->setToolTip(tr("Give the selected seats and GA areas this category"));
}

void CategoriesPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

CategoriesPanel::CategoriesPanel(ToolOptions *options, QWidget *parent)
    : QWidget(parent)
    , m_options(options)
    , m_list(new QListWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list);
    auto *buttons = new QHBoxLayout;
    auto *add = m_add = new QPushButton;
    auto *edit = m_edit = new QPushButton;
    auto *assign = m_assign = new QPushButton;
    retranslate();
    buttons->addWidget(add);
    buttons->addWidget(edit);
    buttons->addWidget(assign);
    layout->addLayout(buttons);
    connect(add, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this,
                                                   tr("New Category"),
                                                   tr("Name:"),
                                                   QLineEdit::Normal,
                                                   QString(),
                                                   &ok);
        if (!ok || name.trimmed().isEmpty() || !m_document)
            return;
        QString id = name.trimmed().toLower().replace(u' ', u'-');
        while (m_document->venue().findCategory(id))
            id += u'2';
        addCategory(id,
                    name.trimmed(),
                    kPalette.at(m_document->venue().categories.size() % kPalette.size()));
    });
    connect(edit, &QPushButton::clicked, this, &CategoriesPanel::editCurrent);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &CategoriesPanel::editCurrent);
    connect(assign, &QPushButton::clicked, this, &CategoriesPanel::assignToSelection);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            m_options->categoryId = m_list->item(row)->data(Qt::UserRole).toString();
    });
}

void CategoriesPanel::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &Document::changed, this, [this](const ChangeEvent &event) {
            if (event.kind == ChangeEvent::Kind::Venue)
                refresh();
        });
    refresh();
}

void CategoriesPanel::refresh()
{
    const QString current = m_options->categoryId;
    m_list->clear();
    if (!m_document)
        return;
    for (const core::Category &category : m_document->venue().categories) {
        QPixmap swatch(16, 16);
        swatch.fill(category.colour);
        auto *item = new QListWidgetItem(QIcon(swatch),
                                         category.name + u"  (" + category.id + u')',
                                         m_list);
        item->setData(Qt::UserRole, category.id);
        if (category.id == current)
            m_list->setCurrentItem(item);
    }
    if (!m_list->currentItem() && m_list->count() > 0)
        m_list->setCurrentRow(0);
}

void CategoriesPanel::addCategory(const QString &id, const QString &name, const QColor &colour)
{
    m_document->undoStack()->push(new ChangeVenue(m_document,
                                                  tr("Add Category"),
                                                  {ChangeEvent::Kind::Venue, {}},
                                                  [=](core::Venue &venue) {
                                                      venue.categories.append({id, name, colour});
                                                  }));
    m_options->categoryId = id;
    refresh();
}

void CategoriesPanel::editCurrent()
{
    const int row = m_list->currentRow();
    if (!m_document || row < 0 || row >= m_document->venue().categories.size())
        return;
    const core::Category category = m_document->venue().categories.at(row);
    bool ok = false;
    const QString name = QInputDialog::getText(this,
                                               tr("Edit Category"),
                                               tr("Name:"),
                                               QLineEdit::Normal,
                                               category.name,
                                               &ok);
    if (!ok)
        return;
    const QColor colour = QColorDialog::getColor(category.colour, this, tr("Category Colour"));
    if (!colour.isValid())
        return;
    m_document->undoStack()->push(new ChangeVenue(m_document,
                                                  tr("Edit Category"),
                                                  {ChangeEvent::Kind::Venue, {}},
                                                  [=](core::Venue &venue) {
                                                      venue.categories[row].name = name;
                                                      venue.categories[row].colour = colour;
                                                  }));
}

void CategoriesPanel::assignToSelection()
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!m_document || !item)
        return;
    m_document->undoStack()->push(new SetCategory(m_document,
                                                  m_document->selectedSeats(),
                                                  m_document->selectedObjects(),
                                                  item->data(Qt::UserRole).toString()));
}

} // namespace boxoffice::editor
