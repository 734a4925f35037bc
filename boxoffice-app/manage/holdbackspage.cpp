// SPDX-License-Identifier: GPL-3.0-or-later
#include "holdbackspage.h"

#include "holdbackcounts.h"
#include "managewords.h"
#include "mapcolours.h"
#include "noticelabel.h"
#include "salemapview.h"

#include <core/venuereader.h>
#include <seatmap/legendwidget.h>
#include <seatmap/seatcolours.h>
#include <seatmap/seatmapscene.h>

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

namespace {
QString kKill()
{
    return QStringLiteral("kill");
}
QString kHouse()
{
    return QStringLiteral("house");
}
QString kAllocation()
{
    return QStringLiteral("allocation");
}
} // namespace

HoldbacksPage::HoldbacksPage(client::HttpTransport *transport, QWidget *parent)
    : EventMapPage(transport, QStringLiteral("holdback"), parent)
    , m_holdbacks(transport)
    , m_counts(new HoldbackCounts(this))
    , m_kill(new QPushButton(this))
    , m_house(new QPushButton(this))
    , m_allocationLabel(new QLabel(this))
    , m_allocation(new QComboBox(this))
    , m_allocate(new QPushButton(this))
    , m_release(new QPushButton(this))
    , m_clear(new QPushButton(this))
    , m_releaseKind(new QPushButton(this))
    , m_countsLabel(new QLabel(this))
    , m_message(new NoticeLabel(this))
    , m_summary(new QLabel(this))
{
    MapColours::registerMarks();
    HoldbackColours::registerMarks();
    setObjectName(QStringLiteral("holdbacksPage"));
    m_kill->setObjectName(QStringLiteral("markKill"));
    m_house->setObjectName(QStringLiteral("markHouse"));
    m_allocate->setObjectName(QStringLiteral("markAllocation"));
    m_allocation->setObjectName(QStringLiteral("allocationName"));
    m_allocation->setEditable(true);
    m_allocation->setInsertPolicy(QComboBox::NoInsert);
    m_allocationLabel->setBuddy(m_allocation);
    m_release->setObjectName(QStringLiteral("releaseSelected"));
    m_clear->setObjectName(QStringLiteral("clearSelection"));
    m_releaseKind->setObjectName(QStringLiteral("releaseKind"));
    m_message->setObjectName(QStringLiteral("holdbackMessage"));
    m_summary->setObjectName(QStringLiteral("holdbackSummary"));
    m_summary->setWordWrap(true);
    m_countsLabel->setBuddy(m_counts);
    m_countsLabel->setStyleSheet(QStringLiteral("font-weight: 600;"));

    auto *right = new QWidget(this);
    right->setObjectName(QStringLiteral("holdbackPanel"));
    right->setMinimumWidth(380); // a long message wraps instead of widening the panel
    right->setMaximumWidth(460);
    QVBoxLayout *panel = startPanel(right);
    auto *marks = new QGridLayout;
    marks->addWidget(m_kill, 0, 0);
    marks->addWidget(m_house, 0, 1);
    marks->addWidget(m_allocationLabel, 1, 0, 1, 2);
    marks->addWidget(m_allocation, 2, 0);
    marks->addWidget(m_allocate, 2, 1);
    marks->addWidget(m_release, 3, 0);
    marks->addWidget(m_clear, 3, 1);
    panel->addLayout(marks);
    panel->addWidget(m_message);
    panel->addSpacing(8);
    panel->addWidget(m_countsLabel);
    panel->addWidget(m_counts, 1);
    panel->addWidget(m_releaseKind);
    panel->addWidget(m_summary);

    finishLayout(right, {820, 380});

    connect(m_addSection, &QPushButton::clicked, this, [this] {
        addSeats(SeatSelection::sectionSeats(m_venue, m_section->currentData().toString()));
    });
    connect(m_kill, &QPushButton::clicked, this, [this] { markSelection(kKill()); });
    connect(m_house, &QPushButton::clicked, this, [this] { markSelection(kHouse()); });
    connect(m_allocate, &QPushButton::clicked, this, [this] { markSelection(kAllocation()); });
    connect(m_allocation->lineEdit(), &QLineEdit::returnPressed, this, [this] {
        markSelection(kAllocation());
    });
    connect(m_release, &QPushButton::clicked, this, &HoldbacksPage::releaseSelection);
    connect(m_clear, &QPushButton::clicked, this, [this] { setSelectedSeats({}); });
    connect(m_releaseKind, &QPushButton::clicked, this, &HoldbacksPage::releaseCurrentKind);
    connect(m_counts, &QTableWidget::currentCellChanged, this, &HoldbacksPage::updateButtons);
    connect(m_counts, &HoldbackCounts::counterSaleToggled, this, [this](const QString &name, bool on) {
        if (m_changing) {
            m_counts->setList(m_list); // one change at a time
            return;
        }
        m_changing = true;
        beginBusy();
        const int generation = m_generation;
        m_holdbacks.setCounterSale(
            m_eventId,
            name,
            on,
            client::whileAlive(this, [this, generation, name, on](const auto &r) {
                m_changing = false;
                endBusy();
                if (generation != m_generation)
                    return;
                onChanged(r,
                          on ? tr("The counter may now sell the seats of “%1”.").arg(name)
                             : tr("The counter may no longer sell the seats of “%1”.").arg(name));
            }));
    });

    // Keys for what the panel's buttons do, anywhere on the page (Esc and F5 as on every map).
    addKey(QKeySequence(Qt::Key_K), [this] { markSelection(kKill()); });
    addKey(QKeySequence(Qt::Key_H), [this] { markSelection(kHouse()); });
    addKey(QKeySequence(Qt::Key_A), [this] {
        if (m_allocation->currentText().trimmed().isEmpty())
            m_allocation->setFocus();
        else
            markSelection(kAllocation());
    });
    addKey(QKeySequence::Delete, [this] { releaseSelection(); });

    // Pushes are applied once per frame; the kinds are asked again once the map settles.
    m_flush.setSingleShot(true);
    m_flush.setInterval(16);
    connect(&m_flush, &QTimer::timeout, this, &HoldbacksPage::flushPending);
    m_reloadHoldbacks.setSingleShot(true);
    m_reloadHoldbacks.setInterval(300);
    connect(&m_reloadHoldbacks, &QTimer::timeout, this, &HoldbacksPage::loadHoldbacks);
    connect(&m_live,
            &client::LiveSession::seatmapSnapshot,
            this,
            [this](const QString &eventId,
                   qint64,
                   const QList<client::SeatStatusChange> &seats,
                   const QJsonArray &) {
                if (eventId == m_eventId)
                    queueChanges(seats, true);
            });
    connect(&m_live,
            &client::LiveSession::seatmapDelta,
            this,
            [this](const QString &eventId,
                   qint64,
                   const QList<client::SeatStatusChange> &changes,
                   const QJsonArray &) {
                if (eventId == m_eventId)
                    queueChanges(changes, false);
            });
    m_view->installEventFilter(this);
    m_view->viewport()->installEventFilter(this);
    retranslate();
    updateButtons();
}

bool HoldbacksPage::eventFilter(QObject *watched, QEvent *event)
{
    // The whole venue stays in view while the layout settles, until the manager zooms or pans.
    if (watched == m_view && event->type() == QEvent::Resize && m_autoFit)
        QTimer::singleShot(0, this, [this] {
            if (m_autoFit)
                m_view->fitToContent();
        });
    else if (event->type() == QEvent::Wheel || event->type() == QEvent::KeyPress
             || (event->type() == QEvent::MouseButtonPress
                 && static_cast<QMouseEvent *>(event)->button() != Qt::LeftButton))
        m_autoFit = false;
    return QWidget::eventFilter(watched, event);
}

HoldbacksPage::~HoldbacksPage() = default;

void HoldbacksPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    EventMapPage::changeEvent(event);
}

void HoldbacksPage::retranslate()
{
    setWindowTitle(tr("Seats held back"));
    m_view->setAccessibleName(tr("Seat map: click or Ctrl-click a seat to select it, Shift-click "
                                 "for its row, drag for an area"));
    m_legend->setAccessibleName(tr("Legend"));
    m_kill->setText(tr("Kill (K)"));
    m_kill->setToolTip(tr("Never sold, e.g. a camera position (K)"));
    m_kill->setAccessibleName(tr("Mark the selected seats as kills"));
    m_house->setText(tr("House seats (H)"));
    m_house->setToolTip(tr("Kept for the house (H)"));
    m_house->setAccessibleName(tr("Mark the selected seats as house seats"));
    m_allocationLabel->setText(tr("A&llocation (pick one or type a new name):"));
    m_allocation->setAccessibleName(tr("Allocation name"));
    m_allocation->lineEdit()->setPlaceholderText(tr("e.g. Press"));
    m_allocate->setText(tr("Allocate (A)"));
    m_allocate->setAccessibleName(tr("Give the selected seats to the named allocation"));
    m_release->setText(tr("Release (Del)"));
    m_release->setToolTip(tr("Back to sale (Delete)"));
    m_release->setAccessibleName(tr("Release the selected seats to sale"));
    m_clear->setText(tr("Clear (Esc)"));
    m_clear->setAccessibleName(tr("Clear the selection"));
    m_releaseKind->setText(tr("Release all of this line"));
    m_releaseKind->setAccessibleName(tr("Release every seat of the chosen line to sale"));
    m_countsLabel->setText(tr("Held &back"));
    m_counts->retranslate();
    m_message->setAccessibleName(tr("Message"));
    showSelection();
    updateLegend();
}

QString HoldbacksPage::noEventText() const
{
    return tr("There is no event to hold seats back for. Create one in the Events tab.");
}

void HoldbacksPage::open(const QString &eventId)
{
    if (!m_eventId.isEmpty())
        m_live.unsubscribeSeatmap(m_eventId);
    const int generation = ++m_generation;
    m_eventId = eventId;
    m_loaded = false;
    m_selected.clear();
    m_status.clear();
    m_list = {};
    if (const int index = m_events->findData(eventId); index >= 0)
        m_events->setCurrentIndex(index);
    showState(tr("Loading the map…"));
    beginBusy();
    // Event -> venue -> seat map -> kinds, each answer only for the event still open.
    m_api.loadMap(this,
                  eventId,
                  {[this, generation] { return generation == m_generation; },
                   [this](const QJsonObject &event) {
                       m_event = EventInfo::fromJson(event);
                       return m_event.venueId;
                   },
                   [this](const QJsonObject &venue) { applyVenue(venue); },
                   [this](const QJsonObject &seatmap) {
                       applySeatmap(seatmap);
                       loadHoldbacks();
                   },
                   [this](const client::ApiResult &r) {
                       showState(tr("The map could not be loaded. %1").arg(ManageWords::failure(r)));
                   },
                   [this] { endBusy(); }});
}

void HoldbacksPage::applyVenue(const QJsonObject &venue)
{
    const auto read = core::VenueReader::read(QJsonDocument(venue).toJson(QJsonDocument::Compact));
    m_venue = read.ok() ? read.venue : core::Venue{};
    // Categories keep their colours unless one comes too close to a state or a kind.
    QList<QColor> wanted;
    for (const core::Category &c : std::as_const(m_venue.categories)) {
        const PriceCategory *priced = m_event.category(c.id);
        wanted.append(priced && priced->colour.isValid() ? priced->colour : c.colour);
    }
    const QList<QColor> shown = seatmap::SeatColours::distinct(wanted,
                                                               {MapColours::held(),
                                                                MapColours::sold(),
                                                                MapColours::blocked(),
                                                                HoldbackColours::kill(),
                                                                HoldbackColours::house(),
                                                                HoldbackColours::allocation()});
    for (int i = 0; i < m_venue.categories.size(); ++i)
        m_venue.categories[i].colour = shown.at(i);
    m_venue.rebuildSeatIndex();
    m_scene->setVenue(m_venue);
    m_section->clear();
    for (const core::Section &s : std::as_const(m_venue.sections))
        m_section->addItem(s.name.isEmpty() ? s.id : s.name, s.id);
    updateLegend();
}

void HoldbacksPage::applySeatmap(const QJsonObject &seatmap)
{
    QList<client::SeatStatusChange> seats;
    for (const QJsonValue &v : seatmap.value(u"seats").toArray()) {
        const QJsonObject o = v.toObject();
        seats.append({o.value(u"id").toString(), o.value(u"status").toString()});
    }
    queueChanges(seats, true);
    flushPending();
    m_view->fitToContent();
    m_autoFit = true;
    if (m_transport->baseUrl().isEmpty())
        return; // answers given by load(): no server to follow
    if (m_live.state() == client::LiveSession::State::Disconnected)
        m_live.open(m_transport->baseUrl(), m_transport->accessToken());
    m_live.subscribeSeatmap(m_eventId, seatmap.value(u"version").toInteger(-1));
}

void HoldbacksPage::loadHoldbacks()
{
    if (m_eventId.isEmpty())
        return;
    const int generation = m_generation;
    beginBusy();
    m_holdbacks.list(m_eventId, client::whileAlive(this, [this, generation](const auto &r) {
                         endBusy();
                         if (generation != m_generation)
                             return;
                         if (!r.ok()) {
                             showState(tr("The seats held back could not be loaded. %1")
                                           .arg(ManageWords::failure(r)));
                             return;
                         }
                         applyHoldbacks(r.body);
                     }));
}

void HoldbacksPage::applyHoldbacks(const QJsonObject &holdbacks)
{
    m_list = HoldbackList::fromJson(holdbacks);
    const QString typed = m_allocation->currentText();
    m_allocation->clear();
    for (const HoldbackList::Allocation &a : std::as_const(m_list.allocations))
        m_allocation->addItem(a.name);
    m_allocation->setEditText(typed);
    m_counts->setList(m_list);
    m_loaded = true;
    showState({});
    recolour();
    updateButtons();
    Q_EMIT holdbacksLoaded();
}

void HoldbacksPage::load(const QJsonObject &event,
                         const QJsonObject &venue,
                         const QJsonObject &seatmap,
                         const QJsonObject &holdbacks)
{
    ++m_generation;
    m_event = EventInfo::fromJson(event);
    m_eventId = m_event.id;
    m_selected.clear();
    applyVenue(venue);
    applySeatmap(seatmap);
    applyHoldbacks(holdbacks);
}

void HoldbacksPage::queueChanges(const QList<client::SeatStatusChange> &changes, bool snapshot)
{
    if (snapshot) {
        m_pending.clear();
        m_pendingSnapshot = true;
    }
    for (const client::SeatStatusChange &c : changes)
        m_pending.insert(c.id, c.status);
    if (!m_flush.isActive())
        m_flush.start();
}

void HoldbacksPage::flushPending()
{
    m_flush.stop();
    if (m_pending.isEmpty() && !m_pendingSnapshot)
        return;
    const bool snapshot = std::exchange(m_pendingSnapshot, false);
    if (snapshot)
        m_status.clear();
    bool blockedMoved = snapshot;
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        const QString before = m_status.value(it.key());
        if (before == u"blocked" || it.value() == u"blocked")
            blockedMoved = true;
        if (it.value() == u"available")
            m_status.remove(it.key());
        else
            m_status.insert(it.key(), it.value());
    }
    m_pending.clear();
    recolour();
    // A seat became or stopped being blocked: someone held it back or released it.
    if (blockedMoved && m_loaded)
        m_reloadHoldbacks.start();
}

void HoldbacksPage::recolour()
{
    QHash<QString, QColor> colours;
    m_scene->clearSeatColours();
    for (auto it = m_status.cbegin(); it != m_status.cend(); ++it)
        colours.insert(it.key(), MapColours::status(it.value()));
    // The kind, not `blocked` (a release moves the map, which asks for the kinds again).
    for (auto it = m_list.seats.cbegin(); it != m_list.seats.cend(); ++it)
        colours.insert(it.key(), HoldbackColours::of(it.value().kind));
    m_scene->setSeatColours(colours);
    int held = 0;
    int sold = 0;
    for (const QString &s : std::as_const(m_status)) {
        held += s == u"held";
        sold += s == u"sold";
    }
    const int capacity = int(m_venue.seatCount());
    const int back = int(m_list.seats.size());
    m_summary->setText(tr("%1 seats: %2 held back, %3 held by buyers, %4 sold, %5 on sale.")
                           .arg(capacity)
                           .arg(back)
                           .arg(held)
                           .arg(sold)
                           .arg(qMax(0, capacity - back - held - sold)));
}

void HoldbacksPage::showSelection()
{
    QList<core::SeatRef> refs;
    for (const QString &id : std::as_const(m_selected))
        if (const auto ref = m_venue.findSeat(id))
            refs.append(*ref);
    m_scene->setSelection(refs);
    m_selection->setText(
        m_selected.isEmpty()     ? tr("No seat selected. Click seats, Shift-click a row or drag "
                                      "over an area.")
        : m_selected.size() == 1 ? tr("1 seat selected.")
                                 : tr("%1 seats selected.").arg(m_selected.size()));
    updateButtons();
}

void HoldbacksPage::updateButtons()
{
    const bool ready = m_loaded && !m_changing;
    const bool any = ready && !m_selected.isEmpty();
    m_kill->setEnabled(any);
    m_house->setEnabled(any);
    m_allocate->setEnabled(any);
    m_release->setEnabled(any);
    m_clear->setEnabled(!m_selected.isEmpty());
    m_addSection->setEnabled(m_loaded && m_section->count() > 0);
    const auto [kind, allocation] = m_counts->currentKind();
    m_releaseKind->setEnabled(ready && !kind.isEmpty() && m_list.count(kind, allocation) > 0);
}

void HoldbacksPage::updateLegend()
{
    QList<seatmap::LegendWidget::Entry> entries;
    for (const core::Category &c : std::as_const(m_venue.categories)) {
        const PriceCategory *priced = m_event.category(c.id);
        entries.append({c.colour, priced && !priced->name.isEmpty() ? priced->name : c.name});
    }
    entries.append({HoldbackColours::kill(), tr("Kill")});
    entries.append({HoldbackColours::house(), tr("House seat")});
    entries.append({HoldbackColours::allocation(), tr("Allocation")});
    entries.append({MapColours::held(), tr("Held by a buyer")});
    entries.append({MapColours::sold(), tr("Sold")});
    m_legend->setEntries(entries);
}

void HoldbacksPage::markSelection(const QString &kind)
{
    if (!m_loaded || m_changing || m_selected.isEmpty())
        return;
    const QString name = m_allocation->currentText().trimmed();
    if (kind == kAllocation() && name.isEmpty()) {
        showMessage(tr("Type a name for the allocation (e.g. Press) or pick one."), true);
        m_allocation->setFocus();
        return;
    }
    const QStringList seats = selectedSeats();
    const bool one = seats.size() == 1;
    const QString done = kind == kKill() ? (one ? tr("The seat is now a kill.")
                                                : tr("%1 seats are now kills.").arg(seats.size()))
                         : kind == kHouse()
                             ? (one ? tr("The seat is now a house seat.")
                                    : tr("%1 seats are now house seats.").arg(seats.size()))
                             : (one ? tr("The seat now belongs to “%1”.").arg(name)
                                    : tr("%1 seats now belong to “%2”.").arg(seats.size()).arg(name));
    m_changing = true;
    beginBusy();
    const int generation = m_generation;
    m_holdbacks.hold(m_eventId,
                     seats,
                     kind,
                     name,
                     client::whileAlive(this, [this, generation, done](const client::ApiResult &r) {
                         m_changing = false;
                         endBusy();
                         if (generation == m_generation)
                             onChanged(r, done);
                     }));
}

void HoldbacksPage::releaseSelection()
{
    if (!m_loaded || m_changing || m_selected.isEmpty())
        return;
    m_changing = true;
    beginBusy();
    const int generation = m_generation;
    const int n = int(m_selected.size());
    m_holdbacks.releaseSeats(
        m_eventId,
        selectedSeats(),
        client::whileAlive(this, [this, generation, n](const client::ApiResult &r) {
            m_changing = false;
            endBusy();
            if (generation == m_generation)
                onChanged(r,
                          r.body.value(u"released").toInt() == n
                              ? tr("Released to sale: %1 seats.").arg(n)
                              : tr("Released to sale: %1 of the %2 selected seats (the others "
                                   "were not held back).")
                                    .arg(r.body.value(u"released").toInt())
                                    .arg(n));
        }));
}

void HoldbacksPage::releaseCurrentKind()
{
    const auto [kind, allocation] = m_counts->currentKind();
    if (!m_loaded || m_changing || kind.isEmpty())
        return;
    m_changing = true;
    beginBusy();
    const int generation = m_generation;
    const QString what = kindName(kind, allocation);
    m_holdbacks
        .releaseKind(m_eventId,
                     kind,
                     allocation,
                     client::whileAlive(this, [this, generation, what](const client::ApiResult &r) {
                         m_changing = false;
                         endBusy();
                         if (generation == m_generation)
                             onChanged(r,
                                       tr("Released to sale: %1 seats (%2).")
                                           .arg(r.body.value(u"released").toInt())
                                           .arg(what));
                     }));
}

void HoldbacksPage::onChanged(const client::ApiResult &result, const QString &done)
{
    if (result.ok()) {
        showMessage(done, false);
        setSelectedSeats({});
    } else if (result.code() == u"seat_unavailable") {
        QStringList taken;
        for (const QJsonValue &v : result.body.value(u"seats").toArray())
            taken.append(v.toString());
        QStringList names;
        for (const QString &id : std::as_const(taken))
            names.append(describeSeat(id));
        showMessage(tr("Nothing was changed. Held or sold meanwhile: %1. Only these are "
                       "selected now: choose your seats again without them and retry.")
                        .arg(names.join(QStringLiteral("; "))),
                    true);
        setSelectedSeats(taken);
    } else {
        showMessage(tr("Nothing was changed. %1").arg(ManageWords::failure(result)), true);
    }
    loadHoldbacks(); // the kinds (and counts) as the server has them now
}

void HoldbacksPage::showMessage(const QString &text, bool problem)
{
    m_message->showNotice(text, problem);
}

QString HoldbacksPage::messageText() const
{
    return m_message->isVisible() ? m_message->text() : QString();
}

QString HoldbacksPage::describeSeat(const QString &seatId) const
{
    const auto ref = m_venue.findSeat(seatId);
    if (!ref)
        return seatId;
    const core::Section &section = m_venue.sections.at(ref->section);
    QString text = tr("%1, row %2, seat %3")
                       .arg(section.name.isEmpty() ? section.id : section.name,
                            section.rows.at(ref->row).label,
                            m_venue.seat(*ref).number);
    if (const auto it = m_list.seats.constFind(seatId); it != m_list.seats.cend())
        text += u" (" + kindName(it->kind, it->allocation) + u")";
    else if (const QString s = m_status.value(seatId); s == u"held")
        text += u" (" + tr("held by a buyer") + u")";
    else if (s == u"sold")
        text += u" (" + tr("sold") + u")";
    return text;
}

QString HoldbacksPage::kindName(const QString &kind, const QString &allocation) const
{
    if (kind == kKill())
        return tr("kill");
    if (kind == kHouse())
        return tr("house seat");
    return tr("allocation “%1”").arg(allocation);
}

} // namespace boxoffice::app
