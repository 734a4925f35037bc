// SPDX-License-Identifier: GPL-3.0-or-later
#include "pricemappage.h"

#include "managewords.h"
#include "noticelabel.h"
#include "salemapview.h"

#include <core/venuereader.h>
#include <seatmap/legendwidget.h>
#include <seatmap/seatmapscene.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace boxoffice::app {

PriceMapPage::PriceMapPage(client::HttpTransport *transport, QWidget *parent)
    : EventMapPage(transport, QStringLiteral("price"), parent)
    , m_assign(transport)
    , m_categoryLabel(new QLabel(this))
    , m_category(new QComboBox(this))
    , m_assignButton(new QPushButton(this))
    , m_soldNote(new QLabel(this))
    , m_keysNote(new QLabel(this))
    , m_clear(new QPushButton(this))
    , m_message(new NoticeLabel(this))
{
    setObjectName(QStringLiteral("priceMapPage"));
    m_legend->setObjectName(QStringLiteral("priceLegend"));
    m_reload->setObjectName(QStringLiteral("priceReload"));
    m_addSection->setObjectName(QStringLiteral("priceAddSection"));
    m_category->setObjectName(QStringLiteral("priceCategory"));
    m_categoryLabel->setBuddy(m_category);
    m_assignButton->setObjectName(QStringLiteral("assignCategory"));
    m_soldNote->setObjectName(QStringLiteral("priceSoldNote"));
    m_soldNote->setWordWrap(true);
    m_soldNote->setStyleSheet(QStringLiteral("color: #546e7a;"));
    m_keysNote->setWordWrap(true);
    m_keysNote->setStyleSheet(QStringLiteral("color: #546e7a;"));
    m_clear->setObjectName(QStringLiteral("priceClearSelection"));
    m_message->setObjectName(QStringLiteral("priceMessage"));

    auto *right = new QWidget(this);
    right->setMinimumWidth(340); // a long message wraps instead of widening the panel
    right->setMaximumWidth(440);
    QVBoxLayout *panel = startPanel(right);
    panel->addSpacing(8);
    panel->addWidget(m_categoryLabel);
    auto *assignRow = new QHBoxLayout;
    assignRow->addWidget(m_category, 1);
    assignRow->addWidget(m_assignButton);
    panel->addLayout(assignRow);
    panel->addWidget(m_soldNote);
    panel->addWidget(m_keysNote);
    panel->addWidget(m_clear);
    panel->addWidget(m_message);
    panel->addStretch(1);
    finishLayout(right, {840, 360});

    connect(m_addSection, &QPushButton::clicked, this, [this] {
        addSection(m_section->currentData().toString());
    });
    connect(m_assignButton, &QPushButton::clicked, this, [this] {
        assignSelection(m_category->currentData().toString());
    });
    connect(m_clear, &QPushButton::clicked, this, [this] { setSelectedSeats({}); });

    // 1..9 give the selection the legend's first nine categories (Esc and F5 as on every map).
    for (int n = 1; n <= 9; ++n)
        addKey(QKeySequence(Qt::Key_0 + n), [this, n] {
            if (n <= m_event.categories.size())
                assignSelection(m_event.categories.at(n - 1).id);
        });
    retranslate();
    updateButtons();
}

PriceMapPage::~PriceMapPage() = default;

void PriceMapPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    EventMapPage::changeEvent(event);
}

void PriceMapPage::retranslate()
{
    setWindowTitle(tr("Prices on the map"));
    m_view->setAccessibleName(tr("Seat map coloured by price category: click or Ctrl-click a "
                                 "seat to select it, Shift-click for its row, drag for an area"));
    m_legend->setAccessibleName(tr("Price categories"));
    m_categoryLabel->setText(tr("Price &category for the selected seats:"));
    m_category->setAccessibleName(tr("Price category"));
    m_assignButton->setText(tr("Assign"));
    m_assignButton->setAccessibleName(tr("Give the selected seats the chosen price category"));
    m_soldNote->setText(tr("Sold seats move too, but keep the price they were sold at. The new "
                           "price is for sales to come."));
    m_keysNote->setText(tr("Keys 1 to 9 assign the legend's categories in order; Esc clears "
                           "the selection."));
    m_clear->setText(tr("Clear (Esc)"));
    m_clear->setAccessibleName(tr("Clear the selection"));
    m_message->setAccessibleName(tr("Message"));
    showCategories();
    showSelection();
}

QString PriceMapPage::noEventText() const
{
    return tr("There is no event to price. Create one in the Events tab.");
}

void PriceMapPage::open(const QString &eventId)
{
    const int generation = ++m_generation;
    if (eventId != m_eventId)
        m_selected.clear(); // the same event reloaded keeps what the manager chose
    m_eventId = eventId;
    m_loaded = false;
    if (const int index = m_events->findData(eventId); index >= 0)
        m_events->setCurrentIndex(index);
    showState(tr("Loading the map…"));
    loadMap(generation);
}

void PriceMapPage::loadMap(int generation)
{
    beginBusy();
    // Event (prices and version) -> venue (its drawing) -> seat map (the seats' categories now).
    m_api.loadMap(this,
                  m_eventId,
                  {[this, generation] { return generation == m_generation; },
                   [this](const QJsonObject &event) {
                       applyEvent(event);
                       return m_event.venueId;
                   },
                   [this](const QJsonObject &venue) { applyVenue(venue); },
                   [this](const QJsonObject &seatmap) { applySeatmap(seatmap); },
                   [this](const client::ApiResult &r) {
                       showState(tr("The map could not be loaded. %1").arg(ManageWords::failure(r)));
                   },
                   [this] { endBusy(); }});
}

void PriceMapPage::applyEvent(const QJsonObject &event)
{
    m_event = EventInfo::fromJson(event);
    m_version = event.value(u"version").toInteger(-1);
    const QString chosen = m_category->currentData().toString();
    m_category->clear();
    for (int i = 0; i < m_event.categories.size(); ++i) {
        const PriceCategory &c = m_event.categories.at(i);
        const QString text = QStringLiteral("%1. %2 (%3)")
                                 .arg(i + 1)
                                 .arg(c.name.isEmpty() ? c.id : c.name,
                                      formatMoney(c.priceCents, m_event.currency));
        m_category->addItem(text, c.id);
    }
    m_category->setCurrentIndex(qMax(0, m_category->findData(chosen)));
}

void PriceMapPage::applyVenue(const QJsonObject &venue)
{
    const auto read = core::VenueReader::read(QJsonDocument(venue).toJson(QJsonDocument::Compact));
    m_venue = read.ok() ? read.venue : core::Venue{};
    const QString chosen = m_section->currentData().toString();
    m_section->clear();
    for (const core::Section &s : std::as_const(m_venue.sections))
        m_section->addItem(s.name.isEmpty() ? s.id : s.name, s.id);
    m_section->setCurrentIndex(qMax(0, m_section->findData(chosen)));
}

void PriceMapPage::applySeatmap(const QJsonObject &seatmap)
{
    m_seatCategory.clear();
    for (const QJsonValue &v : seatmap.value(u"seats").toArray()) {
        const QJsonObject o = v.toObject();
        if (o.contains(u"category"))
            m_seatCategory.insert(o.value(u"id").toString(), o.value(u"category").toString());
    }
    // The event's layout may differ from the venue's drawing: the seat map has the last word.
    for (core::Section &section : m_venue.sections)
        for (core::Row &row : section.rows)
            for (core::Seat &seat : row.seats)
                seat.categoryId = m_seatCategory.value(seat.id, seat.categoryId);
    // The event's colours; a category only the event has still gets one.
    for (const PriceCategory &priced : std::as_const(m_event.categories)) {
        const int at = [&] {
            for (int i = 0; i < m_venue.categories.size(); ++i)
                if (m_venue.categories.at(i).id == priced.id)
                    return i;
            return -1;
        }();
        if (at < 0)
            m_venue.categories.append({priced.id, priced.name, priced.colour});
        else if (priced.colour.isValid())
            m_venue.categories[at].colour = priced.colour;
    }
    m_venue.rebuildSeatIndex();
    m_scene->setVenue(m_venue);
    m_loaded = true;
    showState({});
    showCategories();
    showSelection();
    QTimer::singleShot(0, this, [this] { m_view->fitToContent(); });
}

void PriceMapPage::load(const QJsonObject &event,
                        const QJsonObject &venue,
                        const QJsonObject &seatmap)
{
    ++m_generation;
    applyEvent(event);
    m_eventId = m_event.id;
    applyVenue(venue);
    applySeatmap(seatmap);
}

void PriceMapPage::showCategories()
{
    // The legend: each price category, its colour, its price and how many seats it has now.
    QHash<QString, int> counts;
    for (const QString &c : std::as_const(m_seatCategory))
        ++counts[c];
    QList<seatmap::LegendWidget::Entry> entries;
    for (int i = 0; i < m_event.categories.size(); ++i) {
        const PriceCategory &c = m_event.categories.at(i);
        const core::Category *drawn = m_venue.findCategory(c.id);
        entries.append(
            {drawn ? drawn->colour : c.colour,
             tr("%1 %2: %3, %4 seats")
                 .arg(i + 1)
                 .arg(c.name.isEmpty() ? c.id : c.name, formatMoney(c.priceCents, m_event.currency))
                 .arg(counts.value(c.id))});
    }
    m_legend->setEntries(entries);
}

void PriceMapPage::addSection(const QString &sectionId)
{
    addSeats(SeatSelection::sectionSeats(m_venue, sectionId));
}

void PriceMapPage::showSelection()
{
    QList<core::SeatRef> refs;
    QHash<QString, int> byCategory;
    for (const QString &id : std::as_const(m_selected)) {
        if (const auto ref = m_venue.findSeat(id))
            refs.append(*ref);
        ++byCategory[categoryOf(id)];
    }
    m_scene->setSelection(refs);
    QString text;
    if (m_selected.isEmpty()) {
        text = tr("No seat selected. Click seats, Shift-click a row, drag over an area or "
                  "select a whole section.");
    } else {
        QStringList parts;
        for (const PriceCategory &c : std::as_const(m_event.categories))
            if (const int n = byCategory.value(c.id))
                parts.append(QStringLiteral("%1: %2").arg(categoryName(c.id)).arg(n));
        text = (m_selected.size() == 1 ? tr("1 seat selected.")
                                       : tr("%1 seats selected.").arg(m_selected.size()))
               + (parts.isEmpty() ? QString()
                                  : u' ' + tr("Their categories now: %1.").arg(parts.join(u", ")));
    }
    m_selection->setText(text);
    updateButtons();
}

void PriceMapPage::updateButtons()
{
    const bool ready = m_loaded && !m_changing && m_busy == 0;
    m_assignButton->setEnabled(ready && !m_selected.isEmpty() && m_category->count() > 0);
    m_clear->setEnabled(!m_selected.isEmpty());
    m_addSection->setEnabled(m_loaded && m_section->count() > 0);
}

void PriceMapPage::assignSelection(const QString &categoryId)
{
    if (!m_loaded || m_changing || m_busy > 0 || m_selected.isEmpty() || categoryId.isEmpty())
        return;
    if (m_transport->baseUrl().isEmpty())
        return; // shown from answers at hand: no server to change
    m_category->setCurrentIndex(qMax(0, m_category->findData(categoryId)));
    const QStringList seats = selectedSeats();
    const QString name = categoryName(categoryId);
    m_changing = true;
    beginBusy();
    const int generation = m_generation;
    m_assign.assign(m_eventId,
                    m_version,
                    categoryId,
                    seats,
                    client::whileAlive(this, [=, this](const client::ApiResult &r) {
                        m_changing = false;
                        endBusy();
                        if (generation == m_generation)
                            onAssigned(r, name, int(seats.size()));
                    }));
}

void PriceMapPage::onAssigned(const client::ApiResult &result, const QString &name, int count)
{
    if (result.ok()) {
        const int moved = result.body.value(u"assigned").toInt();
        m_version = result.body.value(u"version").toInteger(m_version);
        showMessage(moved == 1 && count == 1 ? tr("The seat now costs the price of “%1”.").arg(name)
                    : moved == count
                        ? tr("%1 seats now cost the price of “%2”.").arg(moved).arg(name)
                    : moved == 0
                        ? tr("The selected seats were already in “%1”: nothing changed.").arg(name)
                        : tr("%1 of the %2 selected seats moved to “%3” (the others were in it "
                             "already).")
                              .arg(moved)
                              .arg(count)
                              .arg(name),
                    false);
        m_selected.clear();
    } else if (result.status == 412) {
        showMessage(tr("Nothing was changed: someone else changed this event meanwhile. The map "
                       "now shows the event as it is; check the selection and assign again."),
                    true);
    } else if (result.code() == u"invalid_field"
               && result.body.value(u"field").toString() == u"seats") {
        QStringList names;
        for (const QJsonValue &v : result.body.value(u"seats").toArray())
            names.append(v.toString());
        showMessage(tr("Nothing was changed: the hall has no such seats any more: %1.")
                        .arg(names.join(QStringLiteral(", "))),
                    true);
    } else if (result.code() == u"invalid_field") {
        showMessage(tr("Nothing was changed: the event has no price for “%1” any more.").arg(name),
                    true);
    } else {
        showMessage(tr("Nothing was changed. %1").arg(ManageWords::failure(result)), true);
    }
    if (result.status == 0)
        return showSelection(); // the server is out of reach: the map stays as it was
    open(m_eventId);            // the categories (and the version) as the server has them now
}

void PriceMapPage::showMessage(const QString &text, bool problem)
{
    m_message->showNotice(text, problem);
}

QString PriceMapPage::messageText() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

QString PriceMapPage::categoryOf(const QString &seatId) const
{
    return m_seatCategory.value(seatId);
}

QString PriceMapPage::categoryName(const QString &categoryId) const
{
    const PriceCategory *c = m_event.category(categoryId);
    return c && !c->name.isEmpty() ? c->name : categoryId;
}

QString PriceMapPage::describeSeat(const QString &seatId) const
{
    const auto ref = m_venue.findSeat(seatId);
    if (!ref)
        return seatId;
    const core::Section &section = m_venue.sections.at(ref->section);
    const PriceCategory *c = m_event.category(categoryOf(seatId));
    return tr("%1, row %2, seat %3: %4")
        .arg(section.name.isEmpty() ? section.id : section.name,
             section.rows.at(ref->row).label,
             m_venue.seat(*ref).number,
             c ? categoryName(c->id) + u", " + formatMoney(c->priceCents, m_event.currency)
               : tr("no price"));
}

} // namespace boxoffice::app
