// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventspage.h"

#include "eventeditor.h"
#include "eventlistmodel.h"
#include "managewords.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

EventsPage::EventsPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_api(transport)
    , m_model(new EventListModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_title(new QLabel(this))
    , m_filter(new QLineEdit(this))
    , m_refresh(new QPushButton(this))
    , m_new(new QPushButton(this))
    , m_edit(new QPushButton(this))
    , m_view(new QTableView(this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("eventsPage"));
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: #1f3a5f;"));
    m_filter->setObjectName(QStringLiteral("eventFilter"));
    m_filter->setClearButtonEnabled(true);
    m_refresh->setObjectName(QStringLiteral("refreshEvents"));
    m_new->setObjectName(QStringLiteral("newEvent"));
    m_edit->setObjectName(QStringLiteral("editEvent"));
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // title, venue, date, state
    m_view->setObjectName(QStringLiteral("eventTable"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(EventListModel::Title, QHeaderView::Stretch);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->setStyleSheet(QStringLiteral("QTableView { font-size: 11pt; }"));
    m_busy->setObjectName(QStringLiteral("eventsBusy"));
    m_busy->setRange(0, 0); // moving: "working", no percentage to promise
    m_busy->setMaximumHeight(6);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status->setObjectName(QStringLiteral("eventsStatus"));
    m_status->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_refresh);
    bar->addWidget(m_edit);
    bar->addWidget(m_new);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_busy);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    setTabOrder(m_filter, m_view);
    setTabOrder(m_view, m_refresh);
    setTabOrder(m_refresh, m_edit);
    setTabOrder(m_edit, m_new);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text.trimmed());
        if (m_proxy->rowCount() > 0 && !m_view->currentIndex().isValid())
            m_view->setCurrentIndex(m_proxy->index(0, 0));
        updateStatus();
    });
    connect(m_filter, &QLineEdit::returnPressed, this, &EventsPage::editCurrent);
    connect(m_view, &QTableView::activated, this, &EventsPage::editCurrent);
    connect(m_refresh, &QPushButton::clicked, this, &EventsPage::refresh);
    connect(m_edit, &QPushButton::clicked, this, &EventsPage::editCurrent);
    connect(m_new, &QPushButton::clicked, this, &EventsPage::createEvent);
    // Shortcuts of their own: a button's text would replace its shortcut with its mnemonic.
    // They work while the page is shown (F5 is the window's will-call, hence Ctrl+R).
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this, this, &EventsPage::refresh);
    new QShortcut(QKeySequence::New, this, this, &EventsPage::createEvent);
    m_filter->installEventFilter(this);
    retranslate();
}

void EventsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void EventsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_filter->setFocus();
}

bool EventsPage::eventFilter(QObject *watched, QEvent *event)
{
    // Up and Down in the filter move through the table, as in the counter's event finder.
    if (watched == m_filter && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp
            || key == Qt::Key_PageDown) {
            QCoreApplication::sendEvent(m_view, event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void EventsPage::retranslate()
{
    m_title->setText(tr("Events"));
    m_filter->setPlaceholderText(tr("Filter by title, venue, date or sale state"));
    m_filter->setAccessibleName(tr("Filter events"));
    m_refresh->setText(tr("Refresh (Ctrl+R)"));
    m_refresh->setAccessibleName(tr("Refresh the events"));
    m_edit->setText(tr("&Edit…"));
    m_edit->setToolTip(tr("Open the highlighted event (Enter)"));
    m_new->setText(tr("&New event… (Ctrl+N)"));
    m_view->setAccessibleName(tr("Events"));
    updateStatus();
}

EventEditor *EventsPage::editor() const
{
    return m_editor;
}

int EventsPage::visibleCount() const
{
    return m_proxy->rowCount();
}

QString EventsPage::statusText() const
{
    return m_status->text();
}

void EventsPage::refresh()
{
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_error.clear();
    m_incoming.clear();
    m_busy->show();
    m_refresh->setEnabled(false);
    updateStatus();
    loadPage(0, generation);
}

void EventsPage::loadPage(int offset, quint64 generation)
{
    m_api.list(offset, whileAlive(this, [this, generation](const ApiResult &r) {
                   if (generation != m_generation)
                       return; // a newer refresh runs
                   if (r.ok()) {
                       for (const QJsonValue &v : r.body.value(u"items").toArray())
                           m_incoming.append(v.toObject());
                       const QJsonValue next = r.body.value(u"next_offset");
                       if (next.isDouble()) {
                           loadPage(next.toInt(), generation);
                           return;
                       }
                   }
                   m_loading = false;
                   m_busy->hide();
                   m_refresh->setEnabled(true);
                   if (!r.ok()) {
                       m_error = ManageWords::failure(r); // keep the list shown before
                   } else {
                       const QString current
                           = m_selectAfter.isEmpty()
                                 ? m_view->currentIndex().data(Qt::UserRole).toString()
                                 : m_selectAfter;
                       m_selectAfter.clear();
                       m_model->setEvents(m_incoming);
                       m_loadedOnce = true;
                       m_view->resizeColumnsToContents();
                       m_view->horizontalHeader()->setSectionResizeMode(EventListModel::Title,
                                                                        QHeaderView::Stretch);
                       if (!select(current) && m_proxy->rowCount() > 0)
                           m_view->setCurrentIndex(m_proxy->index(0, 0));
                   }
                   m_incoming.clear();
                   updateStatus();
                   Q_EMIT refreshed();
               }));
}

void EventsPage::updateStatus()
{
    QString text;
    QString style;
    if (m_loading) {
        text = tr("Loading the events…");
    } else if (!m_error.isEmpty()) {
        text = tr("The events could not be loaded. %1").arg(m_error);
        style = QStringLiteral("color: #c62828; font-weight: 600;");
    } else if (!m_loadedOnce) {
        text.clear();
    } else if (m_model->rowCount() == 0) {
        text = tr("No events yet. Create the first one with New event (Ctrl+N).");
    } else if (m_proxy->rowCount() == 0) {
        text = tr("No event matches “%1”.").arg(m_filter->text().trimmed());
    } else {
        text = tr("%n event(s). Enter opens the highlighted one.", nullptr, m_proxy->rowCount());
    }
    m_status->setText(text);
    m_status->setStyleSheet(style);
    m_edit->setEnabled(m_proxy->rowCount() > 0);
}

bool EventsPage::select(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return false;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

void EventsPage::editCurrent()
{
    const QModelIndex index = m_view->currentIndex();
    if (index.isValid())
        openEditor(index.data(Qt::UserRole).toString());
}

void EventsPage::createEvent()
{
    openEditor({});
}

void EventsPage::openEditor(const QString &eventId)
{
    if (m_editor)
        m_editor->close();
    m_editor = new EventEditor(m_api.transport(), this);
    m_editor->setAttribute(Qt::WA_DeleteOnClose);
    // The list follows every change; the event just touched stays highlighted.
    connect(m_editor, &EventEditor::eventChanged, this, [this](const QJsonObject &event) {
        m_selectAfter = event.value(u"id").toString();
        refresh();
    });
    connect(m_editor, &EventEditor::eventCreated, this, [this](const QJsonObject &event) {
        m_selectAfter = event.value(u"id").toString();
        refresh();
    });
    connect(m_editor, &QDialog::finished, this, [this] { m_view->setFocus(); });
    if (eventId.isEmpty())
        m_editor->createEvent();
    else
        m_editor->editEvent(eventId);
    m_editor->open();
}

} // namespace boxoffice::app
