// SPDX-License-Identifier: GPL-3.0-or-later
#include "salepage.h"

#include "basketpanel.h"
#include "counterpricing.h"
#include "mapcolours.h"
#include "mapoverlay.h"
#include "salemapview.h"
#include "salesession.h"

#include <client/salesclient.h>
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
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace boxoffice::app {

SalePage::SalePage(client::SalesClient *client,
                   client::LiveSession *ws,
                   SaleSession *session,
                   QWidget *parent)
    : QWidget(parent)
    , m_client(client)
    , m_ws(ws)
    , m_session(session)
    , m_scene(new seatmap::SeatMapScene(this))
    , m_view(new SaleMapView(m_scene, this))
    , m_legend(new seatmap::LegendWidget(this))
    , m_basket(new BasketPanel(session, this))
    , m_title(new QLabel(this))
    , m_connection(new QLabel(this))
    , m_message(new QLabel(this))
    , m_bestLabel(new QLabel(this))
    , m_section(new QComboBox(this))
    , m_quantity(new QSpinBox(this))
    , m_best(new QPushButton(this))
    , m_gaLabel(new QLabel(this))
    , m_ga(new QComboBox(this))
    , m_gaQuantity(new QSpinBox(this))
    , m_gaButton(new QPushButton(this))
    , m_fit(new QPushButton(this))
{
    MapColours::registerMarks();
    m_scene->setShowFocalPoint(false); // an editing aid, not for clerks
    setObjectName(QStringLiteral("salePage"));
    m_overlay = new MapOverlay; // owned by the scene
    m_scene->addItem(m_overlay);
    m_view->setObjectName(QStringLiteral("seatMap"));
    m_title->setObjectName(QStringLiteral("eventTitle"));
    m_title->setStyleSheet(QStringLiteral("font-size: 15pt; font-weight: 600;"));
    m_connection->setObjectName(QStringLiteral("connectionState"));
    m_message->setObjectName(QStringLiteral("saleMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_section->setObjectName(QStringLiteral("bestSection"));
    m_quantity->setObjectName(QStringLiteral("bestQuantity"));
    m_quantity->setRange(1, 20);
    m_quantity->setValue(2);
    m_best->setObjectName(QStringLiteral("bestButton"));
    m_ga->setObjectName(QStringLiteral("gaZone"));
    m_gaQuantity->setObjectName(QStringLiteral("gaQuantity"));
    m_gaQuantity->setRange(1, 50);
    m_gaButton->setObjectName(QStringLiteral("gaButton"));

    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_connection);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_bestLabel);
    controls->addWidget(m_section);
    controls->addWidget(m_quantity);
    controls->addWidget(m_best);
    controls->addSpacing(16);
    controls->addWidget(m_gaLabel);
    controls->addWidget(m_ga);
    controls->addWidget(m_gaQuantity);
    controls->addWidget(m_gaButton);
    controls->addStretch(1);
    controls->addWidget(m_fit);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(header);
    leftLayout->addLayout(controls);
    leftLayout->addWidget(m_message);
    leftLayout->addWidget(m_view, 1);
    leftLayout->addWidget(m_legend);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_basket);
    splitter->setStretchFactor(0, 1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    m_view->describeSeat = [this](const QString &id) { return describe(id); };
    connect(m_view, &SaleMapView::seatsClicked, session, &SaleSession::toggleSeats);
    connect(m_view, &SaleMapView::seatsBanded, session, [this](const QStringList &ids) {
        QStringList free;
        for (const QString &id : ids)
            if (m_session->status(id) == u"available" || m_session->status(id).isEmpty())
                free.append(id);
        m_session->addSeats(free);
    });
    connect(m_view, &SaleMapView::gaClicked, this, [this](const QString &gaId) {
        m_ga->setCurrentIndex(m_ga->findData(gaId));
        m_gaQuantity->setFocus();
        m_gaQuantity->selectAll();
    });
    connect(m_best, &QPushButton::clicked, this, &SalePage::bestAvailable);
    connect(m_gaButton, &QPushButton::clicked, this, &SalePage::holdGa);
    connect(m_fit, &QPushButton::clicked, this, &SalePage::fit);
    connect(m_basket, &BasketPanel::checkoutRequested, this, &SalePage::checkoutRequested);
    connect(m_basket, &BasketPanel::removeRequested, session, &SaleSession::removeSeats);
    connect(session, &SaleSession::statusesChanged, this, &SalePage::recolour);
    connect(session, &SaleSession::message, this, &SalePage::showMessage);
    connect(session->pricing(), &CounterPricing::message, this, &SalePage::showMessage);
    connect(session, &SaleSession::basketChanged, this, [this] {
        QList<core::SeatRef> refs;
        for (const QString &id : m_session->basketSeats())
            if (const auto ref = m_session->venue().findSeat(id))
                refs.append(*ref);
        m_scene->setSelection(refs);
    });

    // Pushes are queued and applied once per frame, so a burst repaints once.
    m_flush.setSingleShot(true);
    m_flush.setInterval(16);
    connect(&m_flush, &QTimer::timeout, this, &SalePage::flushPending);
    m_allocationsTimer.setSingleShot(true);
    m_allocationsTimer.setInterval(300);
    connect(&m_allocationsTimer, &QTimer::timeout, this, &SalePage::loadAllocations);
    m_messageTimer.setSingleShot(true);
    connect(&m_messageTimer, &QTimer::timeout, m_message, &QLabel::hide);
    connect(ws, &client::LiveSession::stateChanged, this, &SalePage::showConnection);
    connect(ws,
            &client::LiveSession::seatmapSnapshot,
            this,
            [this](const QString &eventId,
                   qint64,
                   const QList<client::SeatStatusChange> &seats,
                   const QJsonArray &ga) {
                if (eventId != m_eventId)
                    return;
                queueChanges(seats, true);
                applyGa(ga);
            });
    connect(ws,
            &client::LiveSession::seatmapDelta,
            this,
            [this](const QString &eventId,
                   qint64,
                   const QList<client::SeatStatusChange> &changes,
                   const QJsonArray &ga) {
                if (eventId != m_eventId)
                    return;
                queueChanges(changes, false);
                applyGa(ga);
            });
    retranslate();
    showConnection(ws->state());
}

void SalePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SalePage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_fitPending && isVisible()) {
        m_fitPending = false;
        // After layout: the viewport has its final size only once the event loop ran.
        QTimer::singleShot(0, this, &SalePage::fit);
    }
}

void SalePage::retranslate()
{
    m_bestLabel->setText(tr("Best available:"));
    m_best->setText(tr("Hold best (F6)"));
    m_best->setToolTip(tr("Hold the best seats together in the chosen section (F6)"));
    m_gaLabel->setText(tr("Standing:"));
    m_gaButton->setText(tr("Hold standing (F7)"));
    m_gaButton->setToolTip(tr("Hold this many standing places (F7)"));
    m_fit->setText(tr("Fit (0)"));
    m_fit->setToolTip(tr("Show the whole venue (0); zoom with the wheel or + and -"));
    showConnection(m_ws->state());
    updateLegend();
}

void SalePage::open(const QString &eventId)
{
    m_ws->unsubscribeSeatmap(m_eventId);
    m_eventId = eventId;
    m_title->setText(tr("Loading…"));
    m_client->getEvent(eventId, [this](const client::ApiResult &r) { onEvent(r); });
}

void SalePage::onEvent(const client::ApiResult &result)
{
    if (!result.ok()) {
        Q_EMIT loadFailed(tr("The event could not be opened: %1").arg(result.error));
        return;
    }
    m_event = EventInfo::fromJson(result.body);
    m_client->getVenue(m_event.venueId, [this](const client::ApiResult &r) { onVenue(r); });
}

void SalePage::onVenue(const client::ApiResult &result)
{
    if (!result.ok()) {
        Q_EMIT loadFailed(tr("The venue could not be loaded: %1").arg(result.error));
        return;
    }
    if (!applyVenue(result.body)) {
        Q_EMIT loadFailed(tr("The venue plan is not valid."));
        return;
    }
    m_client->getSeatmap(m_eventId, [this](const client::ApiResult &r) { onSeatmap(r); });
}

void SalePage::onSeatmap(const client::ApiResult &result)
{
    if (!result.ok()) {
        Q_EMIT loadFailed(tr("The seat map could not be loaded: %1").arg(result.error));
        return;
    }
    applySeatmap(result.body);
    Q_EMIT loaded();
}

bool SalePage::load(const QJsonObject &event, const QJsonObject &venue, const QJsonObject &seatmap)
{
    m_event = EventInfo::fromJson(event);
    m_eventId = m_event.id;
    if (!applyVenue(venue))
        return false;
    applySeatmap(seatmap);
    return true;
}

bool SalePage::applyVenue(const QJsonObject &venue)
{
    const auto read = core::VenueReader::read(QJsonDocument(venue).toJson(QJsonDocument::Compact));
    if (!read.ok())
        return false;
    if (m_event.venueName.isEmpty())
        m_event.venueName = read.venue.name;
    // Categories the event does not colour keep the venue's colours.
    for (PriceCategory &c : m_event.categories)
        if (const core::Category *v = read.venue.findCategory(c.id)) {
            if (!c.colour.isValid())
                c.colour = v->colour;
            if (c.name.isEmpty())
                c.name = v->name;
        }
    core::Venue shownVenue = read.venue;
    MapColours::makeDistinct(shownVenue, m_event); // never the colour of a state or flag
    m_session->setEvent(m_event, shownVenue);
    m_scene->setVenue(m_session->venue());
    m_overlay->setVenue(m_session->venue());
    m_title->setText(
        QStringLiteral("%1 — %2, %3").arg(m_event.title, m_event.venueName, m_event.startsAtText()));
    m_section->clear();
    for (const core::Section &s : m_session->venue().sections)
        m_section->addItem(s.name.isEmpty() ? s.id : s.name, s.id);
    m_ga->clear();
    for (const core::GaArea &a : m_session->venue().gaAreas)
        m_ga->addItem(a.name.isEmpty() ? a.id : a.name, a.id);
    const bool hasGa = m_ga->count() > 0;
    m_gaLabel->setVisible(hasGa);
    m_ga->setVisible(hasGa);
    m_gaQuantity->setVisible(hasGa);
    m_gaButton->setVisible(hasGa);
    updateLegend();
    return true;
}

void SalePage::applySeatmap(const QJsonObject &seatmap)
{
    QList<client::SeatStatusChange> seats;
    const QJsonArray array = seatmap.value(u"seats").toArray();
    seats.reserve(array.size());
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        seats.append({o.value(u"id").toString(), o.value(u"status").toString()});
    }
    m_pending.clear();
    queueChanges(seats, true);
    flushPending();
    applyGa(seatmap.value(u"ga").toArray());
    m_view->fitToContent();
    m_fitPending = !isVisible();
    m_ws->subscribeSeatmap(m_eventId, seatmap.value(u"version").toInteger(-1));
    loadAllocations();
}

void SalePage::loadAllocations()
{
    const QString eventId = m_eventId;
    m_client->getCounterAllocations(eventId, [this, eventId](const client::ApiResult &result) {
        onAllocations(eventId, result);
    });
}

void SalePage::onAllocations(const QString &eventId, const client::ApiResult &result)
{
    if (eventId != m_eventId || !result.ok())
        return; // an older server, or none now: the map shows held-back seats as blocked
    QHash<QString, QString> seats;
    QStringList names;
    for (const QJsonValue &item : result.body.value(u"items").toArray()) {
        const QString name = item.toObject().value(u"name").toString();
        names.append(name);
        for (const QJsonValue &seat : item.toObject().value(u"seats").toArray())
            seats.insert(seat.toString(), name);
    }
    m_session->setCounterAllocations(seats);
    m_allocations = names;
    updateLegend();
    recolour({}, true);
}

void SalePage::queueChanges(const QList<client::SeatStatusChange> &changes, bool snapshot)
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

void SalePage::flushPending()
{
    m_flush.stop();
    if (m_pending.isEmpty() && !m_pendingSnapshot)
        return;
    const QHash<QString, QString> pending = std::exchange(m_pending, {});
    // A seat starting or ending being held back may be an allocation's the counter may sell.
    for (auto it = pending.cbegin(); it != pending.cend(); ++it) {
        if ((it.value() == u"blocked") != (m_session->status(it.key()) == u"blocked")) {
            m_allocationsTimer.start();
            break;
        }
    }
    m_session->applyStatuses(pending, std::exchange(m_pendingSnapshot, false));
}

void SalePage::applyGa(const QJsonArray &ga)
{
    if (ga.isEmpty())
        return;
    QHash<QString, int> available;
    for (const QJsonValue &v : ga) {
        const QJsonObject o = v.toObject();
        const QString id = o.value(u"id").toString();
        available.insert(id, o.value(u"available").toInt());
        m_session->setGaAvailable(id, o.value(u"available").toInt());
    }
    if (m_overlay)
        m_overlay->setGaAvailable(available);
}

void SalePage::recolour(const QStringList &seatIds, bool all)
{
    const QStringList mine = m_session->basketSeats();
    QHash<QString, QColor> colours;
    auto colourOf = [&](const QString &id) {
        if (mine.contains(id))
            return MapColours::mine();
        if (!m_session->sellableAllocation(id).isEmpty())
            return MapColours::allocation();
        return MapColours::status(m_session->status(id));
    };
    if (all) {
        // Back to category colours, then override only what is not plainly available (most
        // seats are, so a snapshot of a big venue touches few of them).
        m_scene->clearSeatColours();
        m_session->venue().forEachSeat(
            [&](const core::Section &, const core::Row &, const core::Seat &seat, core::SeatRef) {
                const QColor colour = colourOf(seat.id);
                if (colour.isValid())
                    colours.insert(seat.id, colour);
            });
    } else {
        for (const QString &id : seatIds)
            colours.insert(id, colourOf(id));
    }
    m_scene->setSeatColours(colours);
}

void SalePage::bestAvailable()
{
    if (m_section->currentIndex() < 0)
        return;
    m_session->bestAvailable(m_section->currentData().toString(), m_quantity->value());
}

void SalePage::holdGa()
{
    if (m_ga->currentIndex() < 0)
        return;
    m_session->holdGa(m_ga->currentData().toString(), m_gaQuantity->value());
}

void SalePage::fit()
{
    m_view->fitToContent();
}

void SalePage::showMessage(const QString &text, bool warning)
{
    m_message->setText(text);
    m_message->setStyleSheet(warning ? QStringLiteral("background: #fff3e0; color: #8a3b00;"
                                                      " border: 1px solid #ef6c00; padding: 6px;"
                                                      " font-size: 11pt; font-weight: 600;")
                                     : QStringLiteral("background: #e8f5e9; color: #1b5e20;"
                                                      " padding: 6px; font-size: 11pt;"));
    m_message->show();
    m_messageTimer.start(12000);
}

QString SalePage::messageText() const
{
    return m_message->isVisible() ? m_message->text() : QString();
}

void SalePage::showConnection(client::LiveSession::State state)
{
    QString text;
    QString style;
    switch (state) {
    case client::LiveSession::State::Live:
        text = tr("● Live");
        style = QStringLiteral("color: #1b5e20; font-weight: 600;");
        break;
    case client::LiveSession::State::Connecting:
        text = tr("Connecting…");
        style = QStringLiteral("color: #616161;");
        break;
    case client::LiveSession::State::Reconnecting:
        text = tr("⚠ Reconnecting… seat map may be out of date");
        style = QStringLiteral("color: white; background: #c62828; font-weight: 700;"
                               " padding: 3px 8px; border-radius: 4px;");
        break;
    case client::LiveSession::State::Disconnected:
        text = tr("Offline");
        style = QStringLiteral("color: #c62828; font-weight: 600;");
        break;
    }
    m_connection->setText(text);
    m_connection->setStyleSheet(style);
}

QString SalePage::connectionText() const
{
    return m_connection->text();
}

QString SalePage::describe(const QString &id) const
{
    const core::Venue &venue = m_session->venue();
    if (const core::GaArea *area = venue.findGaArea(id)) {
        const PriceCategory *category = m_event.category(area->categoryId);
        return tr("<b>%1</b> (standing)<br>%2 of %3 left<br>%4")
            .arg(area->name)
            .arg(qMax(0, m_session->gaAvailable(id)))
            .arg(area->capacity)
            .arg(category ? formatMoney(category->priceCents, m_event.currency) : QString());
    }
    const auto ref = venue.findSeat(id);
    if (!ref)
        return {};
    const core::Seat &seat = venue.seat(*ref);
    QStringList flags;
    if (seat.flags & core::SeatFlag::Wheelchair)
        flags.append(tr("wheelchair space"));
    if (seat.flags & core::SeatFlag::Companion)
        flags.append(tr("companion seat"));
    if (seat.flags & core::SeatFlag::RestrictedView)
        flags.append(tr("restricted view"));
    if (seat.flags & core::SeatFlag::Aisle)
        flags.append(tr("aisle"));
    const PriceCategory *category = m_event.category(seat.categoryId);
    const QString allocation = m_session->sellableAllocation(id);
    const QString status = m_session->basketSeats().contains(id) ? tr("in this basket")
                           : !allocation.isEmpty()
                               ? tr("allocation %1: the counter may sell it").arg(allocation)
                           : m_session->status(id) == u"held"    ? tr("held elsewhere")
                           : m_session->status(id) == u"sold"    ? tr("sold")
                           : m_session->status(id) == u"blocked" ? tr("blocked")
                                                                 : tr("available");
    QString text = tr("<b>%1</b><br>Row %2, seat %3<br>%4 — %5<br>%6")
                       .arg(m_session->venue().sections.at(ref->section).name,
                            venue.sections.at(ref->section).rows.at(ref->row).label,
                            seat.number,
                            category ? category->name : seat.categoryId,
                            category ? formatMoney(category->priceCents, m_event.currency)
                                     : QString(),
                            status);
    if (!flags.isEmpty())
        text += u"<br><i>" + flags.join(QStringLiteral(", ")) + u"</i>";
    return text;
}

void SalePage::updateLegend()
{
    QList<seatmap::LegendWidget::Entry> entries;
    for (const PriceCategory &c : std::as_const(m_event.categories))
        entries.append(
            {c.colour,
             QStringLiteral("%1 %2").arg(c.name, formatMoney(c.priceCents, m_event.currency))});
    entries.append({MapColours::mine(), tr("In basket")});
    entries.append({MapColours::held(), tr("Held elsewhere")});
    entries.append({MapColours::sold(), tr("Sold")});
    entries.append({MapColours::blocked(), tr("Blocked")});
    if (!m_allocations.isEmpty())
        entries.append({MapColours::allocation(),
                        tr("Allocation the counter may sell: %1")
                            .arg(m_allocations.join(QStringLiteral(", ")))});
    entries.append({MapColours::flag(), tr("Wheelchair / companion")});
    m_legend->setEntries(entries);
}

} // namespace boxoffice::app
