// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventfinder.h"

#include "eventinfo.h"

#include <core/localtime.h>

#include <client/salesclient.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QEvent>
#include <QHeaderView>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

#include <algorithm>

namespace boxoffice::app {

EventFinder::EventFinder(client::SalesClient *client, QWidget *parent)
    : QWidget(parent)
    , m_client(client)
    , m_title(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_list(new QTreeWidget(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("eventFinder"));
    m_title->setStyleSheet(QStringLiteral("font-size: 18pt; font-weight: 700; color: #1f3a5f;"));
    m_search->setObjectName(QStringLiteral("eventSearch"));
    m_search->setClearButtonEnabled(true);
    m_search->setStyleSheet(QStringLiteral("font-size: 14pt; padding: 4px;"));
    m_list->setObjectName(QStringLiteral("eventList"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setUniformRowHeights(true);
    m_list->header()->setStretchLastSection(false);
    m_list->setStyleSheet(QStringLiteral("QTreeView { font-size: 12pt; }"));
    m_status->setObjectName(QStringLiteral("finderStatus"));
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_status);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(&m_debounce, &QTimer::timeout, this, &EventFinder::refresh);
    connect(m_search, &QLineEdit::textEdited, this, [this] { m_debounce.start(); });
    connect(m_search, &QLineEdit::returnPressed, this, &EventFinder::openCurrent);
    connect(m_list, &QTreeWidget::itemActivated, this, [this] { openCurrent(); });
    m_search->installEventFilter(this);
    retranslate();
}

void EventFinder::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void EventFinder::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_search->setFocus();
    m_search->selectAll();
}

bool EventFinder::eventFilter(QObject *watched, QEvent *event)
{
    // Up/Down in the search box move through the results, so the hands stay on the keys.
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp
            || key == Qt::Key_PageDown) {
            QCoreApplication::sendEvent(m_list, event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void EventFinder::retranslate()
{
    m_title->setText(tr("Choose the event"));
    m_search->setPlaceholderText(
        tr("Search title, artist, venue or city — or type an event id (Ctrl+F)"));
    m_list->setHeaderLabels({tr("When"), tr("Event"), tr("Venue"), tr("From"), tr("Seats")});
}

void EventFinder::refresh()
{
    const quint64 generation = ++m_generation;
    m_status->setText(tr("Searching…"));
    m_client->searchEvents(m_search->text(), [this, generation](const client::ApiResult &r) {
        onResults(r, generation);
    });
}

void EventFinder::onResults(const client::ApiResult &result, quint64 generation)
{
    if (generation != m_generation)
        return; // an older search answered late
    m_list->clear();
    if (!result.ok()) {
        if (result.status == 404 || result.status == 405)
            m_status->setText(tr("This server has no event search; type the event id and press "
                                 "Enter."));
        else
            m_status->setText(tr("Events could not be listed: %1").arg(result.error));
        return;
    }
    QList<QJsonObject> events;
    for (const QJsonValue &v : result.body.value(u"items").toArray())
        events.append(v.toObject());
    // Today's and upcoming events first, soonest first; past ones at the end.
    const QDateTime today = QDateTime(QDate::currentDate(), QTime(0, 0));
    std::stable_sort(events.begin(), events.end(), [&](const QJsonObject &a, const QJsonObject &b) {
        const QDateTime ta = QDateTime::fromString(a.value(u"starts_at").toString(), Qt::ISODate);
        const QDateTime tb = QDateTime::fromString(b.value(u"starts_at").toString(), Qt::ISODate);
        const bool pa = ta < today;
        const bool pb = tb < today;
        return pa != pb ? pb : ta < tb;
    });
    for (const QJsonObject &e : std::as_const(events)) {
        const EventInfo info = EventInfo::fromJson(e);
        const QString availability = e.value(u"availability").toString();
        auto *item = new QTreeWidgetItem(m_list);
        // "Today" and the time as the venue's clock says, not this machine's.
        const QDateTime atVenue = core::LocalTime::atVenue(info.startsAt, info.timeZone);
        const bool isToday
            = atVenue.date()
              == core::LocalTime::atVenue(QDateTime::currentDateTimeUtc(), info.timeZone).date();
        item->setText(0,
                      isToday
                          ? tr("Today %1").arg(core::LocalTime::clock(info.startsAt, info.timeZone))
                          : info.startsAtText());
        item->setText(1, info.title);
        item->setText(2,
                      info.city.isEmpty()
                          ? info.venueName
                          : QStringLiteral("%1, %2").arg(info.venueName, info.city));
        item->setText(3, formatMoney(e.value(u"min_price_cents").toInteger(), info.currency));
        item->setText(4,
                      availability == u"sold_out" ? tr("Sold out")
                      : availability == u"few"    ? tr("Few left")
                                                  : tr("Available"));
        item->setForeground(4,
                            availability == u"sold_out" ? QColor(0xc6, 0x28, 0x28)
                            : availability == u"few"    ? QColor(0xef, 0x6c, 0x00)
                                                        : QColor(0x1b, 0x5e, 0x20));
        if (isToday) {
            QFont f = item->font(1);
            f.setBold(true);
            item->setFont(1, f);
        }
        item->setData(0, Qt::UserRole, info.id);
    }
    for (int c = 0; c < m_list->columnCount(); ++c)
        m_list->resizeColumnToContents(c);
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
    m_status->setText(
        events.isEmpty()
            ? tr("No events found.")
            : tr("%n event(s). Enter opens the highlighted one.", nullptr, int(events.size())));
}

void EventFinder::openCurrent()
{
    const QString text = m_search->text().trimmed();
    if (!QUuid::fromString(text).isNull()) {
        Q_EMIT eventChosen(text);
        return;
    }
    if (QTreeWidgetItem *item = m_list->currentItem())
        Q_EMIT eventChosen(item->data(0, Qt::UserRole).toString());
}

int EventFinder::resultCount() const
{
    return m_list->topLevelItemCount();
}

QString EventFinder::statusText() const
{
    return m_status->text();
}

} // namespace boxoffice::app
