// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboardpage.h"

#include "categorychart.h"
#include "eventchoices.h"
#include "eventinfo.h"
#include "hourchart.h"
#include "managewords.h"
#include "statsfeed.h"
#include "venuetime.h"

#include <QAbstractItemView>
#include <QBarSet>
#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::LiveSession;

namespace {
QString count(qint64 n)
{
    return QLocale().toString(n);
}

QTableWidget *figureTable(const QString &name, QWidget *parent)
{
    auto *table = new QTableWidget(parent);
    table->setObjectName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setTabKeyNavigation(false);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setHighlightSections(false);
    return table;
}

QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
} // namespace

DashboardPage::DashboardPage(client::HttpTransport *transport, QWidget *parent)
    : QWidget(parent)
    , m_api(transport)
    , m_feed(new StatsFeed(transport, this))
    , m_title(new QLabel(this))
    , m_eventLabel(new QLabel(this))
    , m_event(new QComboBox(this))
    , m_refresh(new QPushButton(this))
    , m_live(new QLabel(this))
    , m_status(new QLabel(this))
    , m_queue(new QLabel(this))
    , m_categoryChart(new CategoryChart(this))
    , m_hourChart(new HourChart(this))
    , m_categories(figureTable(QStringLiteral("categoryTable"), this))
    , m_hours(figureTable(QStringLiteral("hourTable"), this))
{
    setObjectName(QStringLiteral("dashboardPage"));
    m_title->setStyleSheet(QStringLiteral("font-size: 16pt; font-weight: 700; color: #1f3a5f;"));
    m_event->setObjectName(QStringLiteral("dashboardEvent"));
    m_event->setMinimumContentsLength(40);
    m_event->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_eventLabel->setBuddy(m_event);
    m_refresh->setObjectName(QStringLiteral("refreshDashboard"));
    m_status->setObjectName(QStringLiteral("dashboardStatus"));
    m_live->setObjectName(QStringLiteral("dashboardLive"));
    m_queue->setObjectName(QStringLiteral("dashboardQueue"));
    m_queue->setWordWrap(true);
    m_queue->setStyleSheet(QStringLiteral("font-size: 11pt; padding: 4px; background: #fff8e1;"));
    m_queue->hide();

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_eventLabel);
    bar->addWidget(m_event, 1);
    bar->addWidget(m_refresh);
    bar->addSpacing(12);
    bar->addWidget(m_live);
    bar->addWidget(m_status);

    auto *tiles = new QHBoxLayout;
    for (int f = 0; f < FigureCount; ++f) {
        auto *tile = new QFrame(this);
        tile->setObjectName(QStringLiteral("figureTile"));
        tile->setStyleSheet(QStringLiteral("#figureTile { background: #f4f7fb; border: 1px solid "
                                           "#d5dde8; border-radius: 6px; }"));
        m_captions[f] = new QLabel(tile);
        m_captions[f]->setStyleSheet(QStringLiteral("color: #546e7a; font-weight: 600;"));
        m_values[f] = new QLabel(QStringLiteral("–"), tile);
        m_values[f]->setObjectName(QStringLiteral("figure%1").arg(f));
        m_values[f]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_details[f] = new QLabel(tile);
        m_details[f]->setStyleSheet(QStringLiteral("color: #546e7a; font-size: 9pt;"));
        auto *column = new QVBoxLayout(tile);
        column->setContentsMargins(10, 6, 10, 6);
        column->setSpacing(0);
        column->addWidget(m_captions[f]);
        column->addWidget(m_values[f]);
        column->addWidget(m_details[f]);
        tiles->addWidget(tile, f == Revenue ? 2 : 1);
    }

    m_categories->setColumnCount(8);
    m_hours->setColumnCount(3);
    auto *grid = new QGridLayout;
    grid->addWidget(m_categoryChart, 0, 0);
    grid->addWidget(m_hourChart, 0, 1);
    grid->addWidget(m_categories, 1, 0);
    grid->addWidget(m_hours, 1, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 2);
    grid->setRowStretch(1, 1);
    m_categoryChart->setMinimumHeight(220);
    m_hourChart->setMinimumHeight(220);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(bar);
    layout->addLayout(tiles);
    layout->addWidget(m_queue);
    layout->addLayout(grid, 1);
    setTabOrder(m_event, m_refresh);
    setTabOrder(m_refresh, m_categories);
    setTabOrder(m_categories, m_hours);

    connect(m_event, &QComboBox::currentIndexChanged, this, &DashboardPage::chooseEvent);
    connect(m_refresh, &QPushButton::clicked, this, [this] {
        m_feed->refresh();
        reloadEvents();
    });
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this, m_refresh, &QPushButton::click);
    connect(m_feed, &StatsFeed::figuresArrived, this, &DashboardPage::showFigures);
    connect(m_feed, &StatsFeed::failed, this, &DashboardPage::showFailure);
    connect(m_feed, &StatsFeed::liveStateChanged, this, &DashboardPage::showLive);
    retranslate();
}

void DashboardPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DashboardPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    const QString highlighted = m_follow && m_follow->currentIndex().isValid()
                                    ? m_follow->currentIndex().data(Qt::UserRole).toString()
                                    : QString();
    if (!m_listLoaded) {
        m_pendingEvent = highlighted;
        reloadEvents();
    } else if (!highlighted.isEmpty()) {
        openEvent(highlighted);
    }
    m_feed->setActive(true);
    m_event->setFocus();
}

void DashboardPage::hideEvent(QHideEvent *event)
{
    // Nobody looks: no WebSocket, no polling.
    m_feed->setActive(false);
    QWidget::hideEvent(event);
}

void DashboardPage::retranslate()
{
    m_title->setText(tr("Sales dashboard"));
    m_eventLabel->setText(tr("Even&t:"));
    m_event->setAccessibleName(tr("Event shown on the dashboard"));
    m_refresh->setText(tr("Refresh (Ctrl+R)"));
    m_refresh->setAccessibleName(tr("Refresh the figures"));
    const QString captions[FigureCount] = {tr("Sold"),
                                           tr("Held"),
                                           tr("Available"),
                                           tr("Held back"),
                                           tr("Comps"),
                                           tr("Revenue"),
                                           tr("Capacity")};
    for (int f = 0; f < FigureCount; ++f)
        m_captions[f]->setText(captions[f]);
    m_categories->setHorizontalHeaderLabels({tr("Price category"),
                                             tr("Capacity"),
                                             tr("Sold"),
                                             tr("Comps"),
                                             tr("Held"),
                                             tr("Held back"),
                                             tr("Available"),
                                             tr("Revenue")});
    m_categories->setAccessibleName(tr("Places by price category"));
    m_hours->setHorizontalHeaderLabels({tr("Hour"), tr("Online"), tr("Counter")});
    m_hours->setAccessibleName(tr("Places sold per hour"));
    if (auto *tabs = qobject_cast<QTabWidget *>(parentWidget() ? parentWidget()->parentWidget()
                                                               : nullptr))
        tabs->setTabText(tabs->indexOf(this), tr("Dashboard"));
    if (!m_figures.eventId.isEmpty())
        showFigures(m_figures);
    showLive(m_feed->session()->state());
    updateStatus();
}

QString DashboardPage::eventId() const
{
    return m_event->currentData().toString();
}

QString DashboardPage::figureText(Figure figure) const
{
    return m_values[figure]->text();
}

QString DashboardPage::queueText() const
{
    return m_queue->isVisibleTo(this) ? m_queue->text() : QString();
}

QString DashboardPage::statusText() const
{
    return m_status->text();
}

QString DashboardPage::zone() const
{
    return eventZone(m_event->currentData(Qt::UserRole + 1).toJsonObject());
}

void DashboardPage::reloadEvents()
{
    m_api.list(0, client::whileAlive(this, [this](const ApiResult &r) {
                   if (!r.ok()) {
                       m_error = ManageWords::failure(r);
                       updateStatus();
                       return;
                   }
                   const QString current = m_pendingEvent.isEmpty() ? eventId() : m_pendingEvent;
                   m_pendingEvent.clear();
                   refillEventPicker(m_event, r.body, current, [](const QJsonObject &e) {
                       return tr("%1 — %2").arg(e.value(u"title").toString(), eventStart(e));
                   });
                   m_listLoaded = true;
                   chooseEvent(m_event->currentIndex());
               }));
}

void DashboardPage::openEvent(const QString &id)
{
    const int index = m_event->findData(id);
    if (index >= 0) {
        m_event->setCurrentIndex(index); // chooses it
        return;
    }
    m_pendingEvent = id; // the list is on its way (or needs reading again)
    reloadEvents();
}

void DashboardPage::chooseEvent(int index)
{
    const QString id = index >= 0 ? m_event->itemData(index).toString() : QString();
    if (id == m_feed->eventId())
        return;
    m_figures = {};
    m_updatedAt = {};
    m_error.clear();
    for (QLabel *value : m_values)
        value->setText(QStringLiteral("–"));
    for (QLabel *detail : m_details)
        detail->clear();
    m_feed->setEvent(id);
    updateStatus();
}

void DashboardPage::showFigures(const SalesFigures &f)
{
    m_figures = f;
    const core::PlaceCounts &places = f.places;
    m_updatedAt = QDateTime::currentDateTime();
    m_error.clear();
    const qint64 values[FigureCount] = {places.sold,
                                        places.held,
                                        places.available,
                                        places.heldBack(),
                                        places.comps,
                                        0,
                                        f.capacity};
    for (int figure = 0; figure < FigureCount; ++figure)
        m_values[figure]->setText(figure == Revenue ? formatMoney(f.revenueCents, f.currency)
                                                    : count(values[figure]));
    const auto share = [&](qint64 n) {
        return f.capacity > 0 ? QLocale().toString(100.0 * double(n) / double(f.capacity), 'f', 1)
                              : QStringLiteral("0");
    };
    m_details[Sold]->setText(
        tr("%1% · online %2 · counter %3")
            .arg(share(places.sold), count(f.onlineSold), count(f.counterSold)));
    m_details[Held]->setText(tr("in baskets now"));
    m_details[Available]->setText(tr("%1% of capacity").arg(share(places.available)));
    m_details[HeldBack]->setText(
        tr("kills %1 · house %2 · allocations %3")
            .arg(count(places.kill), count(places.house), count(places.allocation)));
    m_details[Comps]->setText(tr("free tickets"));
    m_details[Revenue]->setText(tr("paid, less refunds"));
    m_details[Capacity]->setText(tr("places"));
    for (int figure = 0; figure < FigureCount; ++figure)
        m_values[figure]->setAccessibleName(tr("%1: %2 (%3)")
                                                .arg(m_captions[figure]->text(),
                                                     m_values[figure]->text(),
                                                     m_details[figure]->text()));
    m_categoryChart->show(f);
    m_hourChart->show(f, zone());
    fillCategoryTable();
    fillHourTable();
    updateQueue();
    updateStatus();
    ++m_shown;
    Q_EMIT figuresShown();
}

void DashboardPage::fillCategoryTable()
{
    const auto &categories = m_figures.categories;
    m_categories->setRowCount(int(categories.size()) + 1);
    const auto fill = [this](int row,
                             const QString &name,
                             const QColor &colour,
                             const QList<qint64> &numbers,
                             qint64 revenue) {
        auto *first = new QTableWidgetItem(name);
        if (colour.isValid())
            first->setData(Qt::DecorationRole, colour);
        m_categories->setItem(row, 0, first);
        for (int c = 0; c < numbers.size(); ++c)
            m_categories->setItem(row, c + 1, numberItem(count(numbers[c])));
        m_categories->setItem(row, 7, numberItem(formatMoney(revenue, m_figures.currency)));
    };
    for (int row = 0; row < categories.size(); ++row) {
        const CategoryFigures &c = categories[row];
        fill(row,
             c.name.isEmpty() ? c.id : c.name,
             c.color,
             {c.capacity, c.sold, c.comps, c.held, c.heldBack, c.available},
             c.revenueCents);
    }
    const SalesFigures &f = m_figures;
    fill(int(categories.size()),
         tr("All"),
         {},
         {f.capacity,
          f.places.sold,
          f.places.comps,
          f.places.held,
          f.places.heldBack(),
          f.places.available},
         f.revenueCents);
    QFont bold = m_categories->font();
    bold.setBold(true);
    for (int c = 0; c < m_categories->columnCount(); ++c)
        m_categories->item(int(categories.size()), c)->setFont(bold);
    m_categories->resizeColumnsToContents();
    m_categories->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void DashboardPage::fillHourTable()
{
    const auto &hours = m_figures.hours;
    m_hours->setRowCount(int(hours.size()));
    // Newest first: the hour that is selling now is the first row.
    for (int i = 0; i < hours.size(); ++i) {
        const HourFigures &h = hours[hours.size() - 1 - i];
        const QDateTime local = VenueTime::toEdit(h.hour, zone());
        m_hours->setItem(i,
                         0,
                         new QTableWidgetItem(QLocale().toString(local.date(), QLocale::ShortFormat)
                                              + local.toString(QStringLiteral(" HH:00"))));
        m_hours->setItem(i, 1, numberItem(count(h.online)));
        m_hours->setItem(i, 2, numberItem(count(h.counter)));
    }
    m_hours->resizeColumnsToContents();
    m_hours->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

void DashboardPage::updateQueue()
{
    const QueueFigures &q = m_figures.queue;
    m_queue->setVisible(q.enabled);
    if (!q.enabled)
        return;
    if (!q.live) {
        m_queue->setText(tr("Waiting room: its figures cannot be read right now (the queue "
                            "store does not answer)."));
        return;
    }
    const qint64 minutes = (q.etaSeconds + 59) / 60;
    m_queue->setText(tr("Waiting room: %1 waiting, %2 active, %3 admitted in the last minute; "
                        "the last in line waits about %n minute(s).",
                        nullptr,
                        int(minutes))
                         .arg(count(q.waiting), count(q.active), count(q.admittedLastMinute)));
    m_queue->setAccessibleName(m_queue->text());
}

void DashboardPage::showFailure(const ApiResult &result)
{
    m_error = ManageWords::failure(result);
    updateStatus();
}

void DashboardPage::showLive(LiveSession::State state)
{
    const bool live = state == LiveSession::State::Live;
    m_live->setText(live ? tr("● Live") : tr("○ Not live"));
    m_live->setToolTip(live ? tr("Figures follow every sale as it happens")
                            : tr("Live updates are reconnecting; figures refresh every 10 s"));
    m_live->setStyleSheet(live ? QStringLiteral("color: #2e7d32; font-weight: 600;")
                               : QStringLiteral("color: #8d6e63;"));
}

void DashboardPage::updateStatus()
{
    const QString when = m_updatedAt.isValid()
                             ? QLocale().toString(m_updatedAt.time(), QStringLiteral("HH:mm:ss"))
                             : QString();
    QString text;
    QString style;
    if (!m_error.isEmpty()) {
        text = when.isEmpty() ? tr("No figures. %1").arg(m_error)
                              : tr("Figures of %1, not current. %2").arg(when, m_error);
        style = QStringLiteral("color: #c62828; font-weight: 600;");
    } else if (m_event->count() == 0 && m_listLoaded) {
        text = tr("No events yet.");
    } else if (!m_updatedAt.isValid()) {
        text = tr("Loading the figures…");
    } else {
        text = tr("Updated %1").arg(when);
    }
    m_status->setText(text);
    m_status->setStyleSheet(style);
    m_status->setAccessibleName(text);
    // Figures that are not current look greyed.
    const QString figureStyle = QStringLiteral("font-size: 20pt; font-weight: 700; color: %1;")
                                    .arg(m_error.isEmpty() ? u"#1f3a5f" : u"#9e9e9e");
    for (QLabel *value : m_values)
        value->setStyleSheet(figureStyle);
}

} // namespace boxoffice::app
