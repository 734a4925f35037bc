// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventinfo.h"
#include "manage/eventsapi.h"
#include "seatcategoriesapi.h"
#include "seatselection.h"

#include <core/venue.h>

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace boxoffice::seatmap {
class LegendWidget;
class SeatMapScene;
} // namespace boxoffice::seatmap

namespace boxoffice::app {

class NoticeLabel;
class SaleMapView;

/// "Prices on the map": one event's seat map coloured by price category, with a legend (name,
/// colour, price). The manager selects seats as on "Seats held back" (click or Ctrl-click a
/// seat, Shift-click a row, drag an area, a whole section from the list) and gives them one of
/// the event's categories (the combo and Assign, or the keys 1..9 for the legend's categories).
/// The change carries the event's version as the map was loaded; when someone changed the event
/// meanwhile (412) the page reloads and says so. After each change the map is read again.
class PriceMapPage : public QWidget
{
    Q_OBJECT
public:
    explicit PriceMapPage(client::HttpTransport *transport, QWidget *parent = nullptr);
    ~PriceMapPage() override;

    /// Reloads the list of events (and the open event's map).
    void refresh();
    /// Opens `eventId`'s map (also what choosing it in the list does).
    void open(const QString &eventId);
    QString eventId() const { return m_eventId; }
    /// Shows answers already at hand (GET /events/{id}, /venues/{id}, /seatmap) without asking
    /// the server: for screenshots.
    void load(const QJsonObject &event, const QJsonObject &venue, const QJsonObject &seatmap);

    bool isBusy() const { return m_busy > 0; }
    bool isLoaded() const { return m_loaded; }
    /// The event's version the next change is sent with.
    qint64 version() const { return m_version; }

    QStringList selectedSeats() const;
    void setSelectedSeats(const QStringList &seatIds);
    void toggleSeats(const QStringList &seatIds);
    void addSeats(const QStringList &seatIds);
    /// Adds every seat of section `sectionId` to the selection.
    void addSection(const QString &sectionId);
    /// Gives the selection category `categoryId` (one of the event's).
    void assignSelection(const QString &categoryId);

    /// The seat's category as the map shows it.
    QString categoryOf(const QString &seatId) const;
    QString messageText() const;
    QString stateText() const;

    SaleMapView *view() const { return m_view; }
    seatmap::SeatMapScene *scene() const { return m_scene; }
    QComboBox *eventBox() const { return m_events; }
    QComboBox *categoryBox() const { return m_category; }

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    void onEvents(const client::ApiResult &result);
    void loadMap(int generation);
    void applyEvent(const QJsonObject &event);
    void applyVenue(const QJsonObject &venue);
    void applySeatmap(const QJsonObject &seatmap);
    void showCategories();
    void showSelection();
    void updateButtons();
    void showMessage(const QString &text, bool problem);
    void showState(const QString &text);
    void onAssigned(const client::ApiResult &result, const QString &categoryName, int count);
    QString categoryName(const QString &categoryId) const;
    QString describeSeat(const QString &seatId) const;
    void beginBusy();
    void endBusy();

    client::HttpTransport *m_transport;
    EventsApi m_api;
    SeatCategoriesApi m_assign;
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
    QLabel *m_categoryLabel;
    QComboBox *m_category;
    QPushButton *m_assignButton;
    QLabel *m_soldNote;
    QLabel *m_keysNote;
    QPushButton *m_clear;
    NoticeLabel *m_message;

    QString m_eventId;
    EventInfo m_event;
    qint64 m_version = -1;
    core::Venue m_venue;
    QHash<QString, QString> m_seatCategory; ///< seat id -> category, from the seat map
    SeatSelection m_selected;
    int m_generation = 0; ///< answers for an event no longer open are dropped
    int m_busy = 0;
    bool m_loaded = false;
    bool m_changing = false;
    bool m_shown = false;
};

} // namespace boxoffice::app
