// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventmappage.h"

#include "eventchoices.h"
#include "managewords.h"
#include "salemapview.h"

#include <seatmap/legendwidget.h>
#include <seatmap/seatmapscene.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

namespace boxoffice::app {

EventMapPage::EventMapPage(client::HttpTransport *transport, const QString &prefix, QWidget *parent)
    : QWidget(parent)
    , m_transport(transport)
    , m_api(transport)
    , m_scene(new seatmap::SeatMapScene(this))
    , m_view(new SaleMapView(m_scene, this))
    , m_legend(new seatmap::LegendWidget(this))
    , m_eventLabel(new QLabel(this))
    , m_events(new QComboBox(this))
    , m_reload(new QPushButton(this))
    , m_state(new QLabel(this))
    , m_selection(new QLabel(this))
    , m_sectionLabel(new QLabel(this))
    , m_section(new QComboBox(this))
    , m_addSection(new QPushButton(this))
    , m_left(new QWidget(this))
{
    m_scene->setShowFocalPoint(false);
    m_view->setObjectName(prefix + u"Map");
    m_events->setObjectName(prefix + u"Event");
    m_events->setMinimumContentsLength(28);
    m_eventLabel->setBuddy(m_events);
    m_state->setObjectName(prefix + u"State");
    m_state->setWordWrap(true);
    m_selection->setObjectName(prefix + u"Selection");
    m_selection->setWordWrap(true);
    m_section->setObjectName(prefix + u"Section");
    m_sectionLabel->setBuddy(m_section);

    auto *top = new QHBoxLayout;
    top->addWidget(m_eventLabel);
    top->addWidget(m_events, 1);
    top->addWidget(m_reload);
    auto *leftLayout = new QVBoxLayout(m_left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(top);
    leftLayout->addWidget(m_state);
    leftLayout->addWidget(m_view, 1);
    leftLayout->addWidget(m_legend);

    m_view->describeSeat = [this](const QString &id) { return describeSeat(id); };
    connect(m_view, &SaleMapView::seatsClicked, this, &EventMapPage::toggleSeats);
    connect(m_view, &SaleMapView::seatsBanded, this, &EventMapPage::addSeats);
    connect(m_events, &QComboBox::activated, this, [this](int index) {
        open(m_events->itemData(index).toString());
    });
    connect(m_reload, &QPushButton::clicked, this, &EventMapPage::refresh);
    addKey(QKeySequence(Qt::Key_Escape), [this] { setSelectedSeats({}); });
    addKey(QKeySequence(QKeySequence::Refresh), [this] { refresh(); });
    retranslateFrame();
}

EventMapPage::~EventMapPage() = default;

QVBoxLayout *EventMapPage::startPanel(QWidget *panel)
{
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(6, 0, 0, 0);
    layout->addWidget(m_selection);
    auto *sectionRow = new QHBoxLayout;
    sectionRow->addWidget(m_sectionLabel);
    sectionRow->addWidget(m_section, 1);
    sectionRow->addWidget(m_addSection);
    layout->addLayout(sectionRow);
    return layout;
}

void EventMapPage::finishLayout(QWidget *panel, const QList<int> &sizes)
{
    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_left);
    splitter->addWidget(panel);
    splitter->setStretchFactor(0, 1);
    splitter->setSizes(sizes);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);
}

void EventMapPage::addKey(const QKeySequence &sequence, const std::function<void()> &action)
{
    auto *shortcut = new QShortcut(sequence, this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, this, action);
}

void EventMapPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateFrame();
    QWidget::changeEvent(event);
}

void EventMapPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!std::exchange(m_shown, true))
        refresh();
}

void EventMapPage::retranslateFrame()
{
    m_eventLabel->setText(tr("&Event:"));
    m_events->setAccessibleName(tr("Event"));
    m_reload->setText(tr("Reload (F5)"));
    m_reload->setAccessibleName(tr("Reload the events and the map"));
    m_sectionLabel->setText(tr("&Section:"));
    m_section->setAccessibleName(tr("Section"));
    m_addSection->setText(tr("Select it"));
    m_addSection->setAccessibleName(tr("Add the whole section to the selection"));
    if (m_events->count() == 0 && !isBusy())
        showState(tr("Loading the events…"));
}

void EventMapPage::beginBusy()
{
    ++m_busy;
    updateButtons();
}

void EventMapPage::endBusy()
{
    --m_busy;
    updateButtons();
}

void EventMapPage::refresh()
{
    beginBusy();
    m_api.list(0, client::whileAlive(this, [this](const client::ApiResult &r) {
                   endBusy();
                   onEvents(r);
               }));
}

void EventMapPage::onEvents(const client::ApiResult &result)
{
    if (!result.ok()) {
        showState(tr("The events could not be loaded. %1").arg(ManageWords::failure(result)));
        return;
    }
    fillEventChoices(m_events, result.body, m_eventId);
    if (m_events->count() == 0) {
        showState(noEventText());
        return;
    }
    open(m_events->currentData().toString());
}

QStringList EventMapPage::selectedSeats() const
{
    return m_selected.ids();
}

void EventMapPage::setSelectedSeats(const QStringList &seatIds)
{
    m_selected.set(seatIds);
    showSelection();
}

void EventMapPage::toggleSeats(const QStringList &seatIds)
{
    m_selected.toggle(seatIds);
    showSelection();
}

void EventMapPage::addSeats(const QStringList &seatIds)
{
    m_selected.add(seatIds);
    showSelection();
}

void EventMapPage::showState(const QString &text)
{
    m_state->setText(text);
    m_state->setVisible(!text.isEmpty());
}

QString EventMapPage::stateText() const
{
    return m_state->text();
}

} // namespace boxoffice::app
