// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventsapi.h"
#include "salesfigures.h"

#include <client/livesession.h>

#include <QAbstractItemView>
#include <QDateTime>
#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace boxoffice::app {

class CategoryChart;
class HourChart;
class StatsFeed;

/// The back office's live sales dashboard: for one event, the big figures (sold, held,
/// available, held back, comps, revenue, capacity), places by price category and sales per
/// hour by channel as charts and as tables (the same numbers for the keyboard and a screen
/// reader), and the waiting room's line. Follows the event's seat map live (StatsFeed); says
/// when it was updated and when the server cannot be reached, keeping the last figures.
class DashboardPage : public QWidget
{
    Q_OBJECT
public:
    enum Figure { Sold, Held, Available, HeldBack, Comps, Revenue, Capacity, FigureCount };

    DashboardPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// When shown, the dashboard opens on the event highlighted in `events` (the Events tab).
    void followSelection(QAbstractItemView *events) { m_follow = events; }
    /// Shows `eventId` (it is added to the list if the list does not have it yet).
    void openEvent(const QString &eventId);
    /// Reads the list of events again.
    void reloadEvents();

    QString eventId() const;
    QComboBox *eventBox() const { return m_event; }
    StatsFeed *feed() const { return m_feed; }
    CategoryChart *categoryChart() const { return m_categoryChart; }
    HourChart *hourChart() const { return m_hourChart; }
    QTableWidget *categoryTable() const { return m_categories; }
    QTableWidget *hourTable() const { return m_hours; }
    /// The big figure as shown ("1,234").
    QString figureText(Figure figure) const;
    QString queueText() const;
    QString statusText() const;
    /// The figures shown last (empty event id before the first answer).
    const SalesFigures &figures() const { return m_figures; }
    /// Figures shown so far (tests and the benchmark count them).
    int timesShown() const { return m_shown; }

Q_SIGNALS:
    /// New figures are on screen (the widgets updated; painting follows).
    void figuresShown();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void chooseEvent(int index);
    void showFigures(const SalesFigures &figures);
    void showFailure(const client::ApiResult &result);
    void showLive(client::LiveSession::State state);
    void fillCategoryTable();
    void fillHourTable();
    void updateStatus();
    void updateQueue();
    void retranslate();
    QString zone() const;

    EventsApi m_api;
    StatsFeed *m_feed;
    QLabel *m_title;
    QLabel *m_eventLabel;
    QComboBox *m_event;
    QPushButton *m_refresh;
    QLabel *m_live;
    QLabel *m_status;
    QLabel *m_captions[FigureCount];
    QLabel *m_values[FigureCount];
    QLabel *m_details[FigureCount];
    QLabel *m_queue;
    CategoryChart *m_categoryChart;
    HourChart *m_hourChart;
    QTableWidget *m_categories;
    QTableWidget *m_hours;
    QPointer<QAbstractItemView> m_follow;
    SalesFigures m_figures;
    QDateTime m_updatedAt;
    QString m_error;
    QString m_pendingEvent; ///< to choose once the list arrives
    int m_shown = 0;
    bool m_listLoaded = false;
};

} // namespace boxoffice::app
