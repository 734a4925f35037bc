// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditpage.h"

#include "auditlistmodel.h"
#include "eventchoices.h"
#include "staffwords.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

AuditPage::AuditPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_api(transport)
    , m_events(transport)
    , m_model(new AuditListModel(this))
    , m_title(new QLabel(this))
    , m_eventLabel(new QLabel(this))
    , m_event(new QComboBox(this))
    , m_refresh(new QPushButton(this))
    , m_view(new QTableView(this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_older(new QPushButton(this))
{
    setObjectName(QStringLiteral("auditPage"));
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: #1f3a5f;"));
    m_event->setObjectName(QStringLiteral("auditEvent"));
    m_event->setMinimumContentsLength(36);
    m_event->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_eventLabel->setBuddy(m_event);
    m_refresh->setObjectName(QStringLiteral("refreshAudit"));
    m_older->setObjectName(QStringLiteral("loadOlder"));
    m_view->setObjectName(QStringLiteral("auditTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setTabKeyNavigation(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setStyleSheet(QStringLiteral("QTableView { font-size: 11pt; }"));
    m_busy->setObjectName(QStringLiteral("auditBusy"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumHeight(6);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status->setObjectName(QStringLiteral("auditStatus"));
    m_status->setWordWrap(true);
    m_older->setEnabled(false);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_eventLabel);
    bar->addWidget(m_event, 1);
    bar->addWidget(m_refresh);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_older);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addWidget(m_busy);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);
    setTabOrder(m_event, m_view);
    setTabOrder(m_view, m_older);
    setTabOrder(m_older, m_refresh);
    setFocusProxy(m_event);

    connect(m_event, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            loadPage(0);
    });
    connect(m_refresh, &QPushButton::clicked, this, &AuditPage::refresh);
    connect(m_older, &QPushButton::clicked, this, &AuditPage::loadOlder);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this, this, &AuditPage::refresh);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_L), this, this, &AuditPage::loadOlder);
    retranslate();
}

void AuditPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void AuditPage::retranslate()
{
    m_title->setText(tr("Audit trail"));
    m_eventLabel->setText(tr("&Event:"));
    m_event->setAccessibleName(tr("Show the changes of"));
    if (m_event->count() > 0)
        m_event->setItemText(0, tr("All events and staff"));
    m_refresh->setText(tr("Refresh (Ctrl+R)"));
    m_refresh->setAccessibleName(tr("Refresh the audit trail"));
    m_older->setText(tr("&Load older (Ctrl+L)"));
    m_older->setAccessibleName(tr("Load older lines"));
    m_view->setAccessibleName(tr("Audit trail, newest first"));
    Q_EMIT m_model->headerDataChanged(Qt::Horizontal, 0, AuditListModel::ColumnCount - 1);
    updateStatus();
}

QString AuditPage::statusText() const
{
    return m_status->text();
}

void AuditPage::refresh()
{
    const quint64 generation = ++m_eventGeneration;
    m_incoming.clear();
    loadEvents(0, generation);
    loadPage(0);
}

void AuditPage::loadEvents(int offset, quint64 generation)
{
    m_events.list(offset, whileAlive(this, [this, generation](const ApiResult &r) {
                      if (generation != m_eventGeneration)
                          return;
                      if (!r.ok())
                          return; // the filter keeps what it had; the trail says what failed
                      for (const QJsonValue &v : r.body.value(u"items").toArray())
                          m_incoming.append(v.toObject());
                      const QJsonValue next = r.body.value(u"next_offset");
                      if (next.isDouble()) {
                          loadEvents(next.toInt(), generation);
                          return;
                      }
                      m_eventList = m_incoming;
                      m_incoming.clear();
                      showEvents();
                  }));
}

void AuditPage::showEvents()
{
    const QString chosen = m_event->currentData().toString();
    QHash<QString, QString> titles;
    m_filling = true;
    m_event->clear();
    m_event->addItem(tr("All events and staff"), QString());
    for (const QJsonObject &e : m_eventList) {
        const QString id = e.value(u"id").toString();
        const QString title = e.value(u"title").toString();
        m_event->addItem(tr("%1 (%2)").arg(title, eventStart(e)), id);
        titles.insert(id, title);
    }
    m_event->setCurrentIndex(qMax(0, m_event->findData(chosen)));
    m_filling = false;
    m_model->setEventTitles(titles);
    if (m_event->currentData().toString() != chosen)
        loadPage(0); // the chosen event is gone: show all
}

bool AuditPage::filterByEvent(const QString &eventId)
{
    const int index = m_event->findData(eventId);
    if (index < 0)
        return false;
    if (index == m_event->currentIndex())
        loadPage(0);
    else
        m_event->setCurrentIndex(index); // loads
    return true;
}

void AuditPage::loadOlder()
{
    if (!m_loading && m_nextBefore > 0)
        loadPage(m_nextBefore);
}

void AuditPage::loadPage(qint64 before)
{
    const quint64 generation = ++m_generation;
    m_loading = true;
    m_error.clear();
    m_busy->show();
    m_older->setEnabled(false);
    updateStatus();
    m_api.audit(m_event->currentData().toString(),
                before,
                m_pageSize,
                whileAlive(this, [this, generation, before](const ApiResult &r) {
                    if (generation != m_generation)
                        return; // another filter or refresh asked since
                    m_loading = false;
                    m_busy->hide();
                    if (r.ok()) {
                        QList<QJsonObject> lines;
                        for (const QJsonValue &v : r.body.value(u"items").toArray())
                            lines.append(v.toObject());
                        if (before == 0)
                            m_model->clear();
                        m_model->append(lines);
                        const QJsonValue next = r.body.value(u"next_before");
                        m_nextBefore = next.isDouble() ? next.toInteger() : 0;
                        m_loadedOnce = true;
                        if (before == 0) {
                            m_view->resizeColumnsToContents();
                            if (m_model->rowCount() > 0)
                                m_view->setCurrentIndex(m_model->index(0, 0));
                        }
                    } else {
                        m_error = StaffWords::failure(r);
                    }
                    m_older->setEnabled(m_nextBefore > 0);
                    updateStatus();
                    Q_EMIT pageLoaded();
                }));
}

void AuditPage::updateStatus()
{
    QString text;
    QString style;
    if (m_loading) {
        text = tr("Loading the audit trail…");
    } else if (!m_error.isEmpty()) {
        text = tr("The audit trail could not be loaded. %1").arg(m_error);
        style = QStringLiteral("color: #c62828; font-weight: 600;");
    } else if (!m_loadedOnce) {
        text.clear();
    } else if (m_model->rowCount() == 0) {
        text = m_event->currentIndex() > 0 ? tr("Nothing was changed in this event yet.")
                                           : tr("Nothing was changed yet.");
    } else if (m_nextBefore > 0) {
        text = tr("Newest changes shown: %n. Older ones: Load older (Ctrl+L).",
                  nullptr,
                  m_model->rowCount());
    } else {
        text = tr("All changes shown: %n.", nullptr, m_model->rowCount());
    }
    m_status->setText(text);
    m_status->setStyleSheet(style);
}

} // namespace boxoffice::app
