// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"
#include "holdbacklist.h"
#include "holdbacksapi.h"
#include "manage/eventsapi.h"
#include "seatselection.h"

#include <client/livesession.h>
#include <core/venue.h>

#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace boxoffice::seatmap {
class LegendWidget;
class SeatMapScene;
} // namespace boxoffice::seatmap

namespace boxoffice::app {

class HoldbackCounts;
class NoticeLabel;
class SaleMapView;

/// "Seats held back": one event's live seat map where the manager selects seats (click or
/// Ctrl-click toggles a seat, Shift-click a row, dragging a rubber band adds, a section from the
/// list) and marks them as kills (K), house seats (H) or an allocation (A), or releases them
/// (Delete); Esc clears the selection. The kinds come from GET /holdbacks, the statuses from the
/// live seat map (its own WebSocket session); both refresh after each change and when the map
/// moves. A refused change (a seat held or sold meanwhile) names the seats and selects them.
class HoldbacksPage : public QWidget
{
    Q_OBJECT
public:
    explicit HoldbacksPage(client::HttpTransport *transport, QWidget *parent = nullptr);
    ~HoldbacksPage() override;

    /// Reloads the list of events (and the open event's map).
    void refresh();
    /// Opens `eventId`'s map (also what choosing it in the list does).
    void open(const QString &eventId);
    QString eventId() const { return m_eventId; }
    /// Shows answers already at hand (GET /events/{id}, /venues/{id}, /seatmap, /holdbacks)
    /// without asking the server: for benchmarks and screenshots.
    void load(const QJsonObject &event,
              const QJsonObject &venue,
              const QJsonObject &seatmap,
              const QJsonObject &holdbacks);

    /// True while the event list, the map or a change is on its way.
    bool isBusy() const { return m_busy > 0; }
    /// True once the open event's map and its seats held back are shown.
    bool isLoaded() const { return m_loaded; }

    /// The selection (what clicks on the map change).
    QStringList selectedSeats() const;
    void setSelectedSeats(const QStringList &seatIds);
    void toggleSeats(const QStringList &seatIds);
    void addSeats(const QStringList &seatIds);

    /// Marks the selection as `kind` (kill, house, allocation: the name in the allocation box).
    void markSelection(const QString &kind);
    void releaseSelection();
    /// Releases every seat of the counts' current line.
    void releaseCurrentKind();

    const HoldbackList &holdbacks() const { return m_list; }
    QString status(const QString &seatId) const { return m_status.value(seatId); }
    QString messageText() const;
    QString stateText() const;

    SaleMapView *view() const { return m_view; }
    seatmap::SeatMapScene *scene() const { return m_scene; }
    HoldbackCounts *counts() const { return m_counts; }
    QComboBox *eventBox() const { return m_events; }
    QComboBox *allocationBox() const { return m_allocation; }

Q_SIGNALS:
    /// The holdbacks list was (re)loaded from the server.
    void holdbacksLoaded();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void onEvents(const client::ApiResult &result);
    void loadHoldbacks();
    void applyHoldbacks(const QJsonObject &holdbacks);
    void applyVenue(const QJsonObject &venue);
    void applySeatmap(const QJsonObject &seatmap);
    void queueChanges(const QList<client::SeatStatusChange> &changes, bool snapshot);
    void flushPending();
    void recolour();
    void showSelection();
    void updateButtons();
    void updateLegend();
    void showMessage(const QString &text, bool problem);
    void showState(const QString &text);
    void onChanged(const client::ApiResult &result, const QString &done);
    QString describeSeat(const QString &seatId) const;
    QString kindName(const QString &kind, const QString &allocation) const;
    void beginBusy()
    {
        ++m_busy;
        updateButtons();
    }
    void endBusy()
    {
        --m_busy;
        updateButtons();
    }

    client::HttpTransport *m_transport;
    EventsApi m_api;
    HoldbacksApi m_holdbacks;
    client::LiveSession m_live;
    seatmap::SeatMapScene *m_scene;
    SaleMapView *m_view;
    seatmap::LegendWidget *m_legend;
    HoldbackCounts *m_counts;
    QLabel *m_eventLabel;
    QComboBox *m_events;
    QPushButton *m_reload;
    QLabel *m_state;
    QLabel *m_selection;
    QLabel *m_sectionLabel;
    QComboBox *m_section;
    QPushButton *m_addSection;
    QPushButton *m_kill;
    QPushButton *m_house;
    QLabel *m_allocationLabel;
    QComboBox *m_allocation;
    QPushButton *m_allocate;
    QPushButton *m_release;
    QPushButton *m_clear;
    QPushButton *m_releaseKind;
    QLabel *m_countsLabel;
    NoticeLabel *m_message;
    QLabel *m_summary;

    QString m_eventId;
    EventInfo m_event;
    core::Venue m_venue;
    QHash<QString, QString> m_status; ///< live status by seat id (missing = available)
    QHash<QString, QString> m_pending;
    bool m_pendingSnapshot = false;
    QTimer m_flush;
    QTimer m_reloadHoldbacks; ///< the map moved: the kinds may have too
    HoldbackList m_list;
    SeatSelection m_selected;
    int m_generation = 0; ///< answers for an event no longer open are dropped
    int m_busy = 0;
    bool m_loaded = false;
    bool m_changing = false;
    bool m_autoFit = false; ///< the map follows the view's size until the manager zooms
    bool m_shown = false;   ///< the events are loaded when the tab is first shown
};

} // namespace boxoffice::app
