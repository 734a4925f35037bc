// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"
#include "manage/eventsapi.h"
#include "seatselection.h"

#include <core/venue.h>

#include <QKeySequence>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace boxoffice::seatmap {
class LegendWidget;
class SeatMapScene;
} // namespace boxoffice::seatmap

namespace boxoffice::app {

class SaleMapView;

/// What the manager's map pages (seats held back, prices on the map) share: an event chosen
/// from the list (Reload, F5), a state line, the event's seat map and its legend on the left; on
/// the right a panel that starts with the selection and a section to add to it. Clicks toggle
/// seats (a Shift-clicked row as a whole), a dragged band adds, Esc clears. Answers for an event
/// no longer open are dropped (m_generation); m_busy counts what is on its way.
class EventMapPage : public QWidget
{
    Q_OBJECT
public:
    ~EventMapPage() override;

    /// Reloads the list of events (and the open event's map).
    void refresh();
    /// Opens `eventId`'s map (also what choosing it in the list does).
    virtual void open(const QString &eventId) = 0;
    QString eventId() const { return m_eventId; }

    /// True while the event list, the map or a change is on its way.
    bool isBusy() const { return m_busy > 0; }
    /// True once the open event's map is shown.
    bool isLoaded() const { return m_loaded; }

    /// The selection (what clicks on the map change), sorted.
    QStringList selectedSeats() const;
    void setSelectedSeats(const QStringList &seatIds);
    void toggleSeats(const QStringList &seatIds);
    void addSeats(const QStringList &seatIds);

    QString stateText() const;

    SaleMapView *view() const { return m_view; }
    seatmap::SeatMapScene *scene() const { return m_scene; }
    QComboBox *eventBox() const { return m_events; }

protected:
    /// `prefix` names the page's widgets for tests and screen readers (`prefix`Map, ...Event,
    /// ...State, ...Selection, ...Section).
    EventMapPage(client::HttpTransport *transport, const QString &prefix, QWidget *parent);

    /// Starts the right-hand panel: the selection, then the section row; the page adds the rest.
    QVBoxLayout *startPanel(QWidget *panel);
    /// Puts the map (left) and `panel` side by side, split at `sizes`.
    void finishLayout(QWidget *panel, const QList<int> &sizes);
    /// A key for the whole page (a text box keeps its letters).
    void addKey(const QKeySequence &sequence, const std::function<void()> &action);

    void showState(const QString &text);
    void beginBusy();
    void endBusy();

    /// The selection as the map and the panel show it.
    virtual void showSelection() = 0;
    virtual void updateButtons() = 0;
    /// A seat as the map's tooltip and the messages name it.
    virtual QString describeSeat(const QString &seatId) const = 0;
    /// The state line when there is no event to choose.
    virtual QString noEventText() const = 0;

    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

    client::HttpTransport *m_transport;
    EventsApi m_api;
    seatmap::SeatMapScene *m_scene;
    SaleMapView *m_view;
    seatmap::LegendWidget *m_legend;
    QLabel *m_eventLabel;
    QComboBox *m_events;
    QPushButton *m_reload;
    QLabel *m_state;
    QLabel *m_selection;
    QLabel *m_sectionLabel;
    QComboBox *m_section;
    QPushButton *m_addSection;

    QString m_eventId;
    EventInfo m_event;
    core::Venue m_venue;
    SeatSelection m_selected;
    int m_generation = 0; ///< answers for an event no longer open are dropped
    int m_busy = 0;
    bool m_loaded = false;
    bool m_changing = false;

private:
    void retranslateFrame();
    void onEvents(const client::ApiResult &result);

    QWidget *m_left;
    bool m_shown = false; ///< the events are loaded when the page is first shown
};

} // namespace boxoffice::app
