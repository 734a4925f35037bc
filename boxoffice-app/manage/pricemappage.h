// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventmappage.h"
#include "seatcategoriesapi.h"

namespace boxoffice::app {

class NoticeLabel;

/// "Prices on the map": one event's seat map coloured by price category, with a legend (name,
/// colour, price). The manager selects seats as on "Seats held back" (click or Ctrl-click a
/// seat, Shift-click a row, drag an area, a whole section from the list) and gives them one of
/// the event's categories (the combo and Assign, or the keys 1..9 for the legend's categories).
/// The change carries the event's version as the map was loaded; when someone changed the event
/// meanwhile (412) the page reloads and says so. After each change the map is read again.
class PriceMapPage : public EventMapPage
{
    Q_OBJECT
public:
    explicit PriceMapPage(client::HttpTransport *transport, QWidget *parent = nullptr);
    ~PriceMapPage() override;

    void open(const QString &eventId) override;
    /// Shows answers already at hand (GET /events/{id}, /venues/{id}, /seatmap) without asking
    /// the server: for screenshots.
    void load(const QJsonObject &event, const QJsonObject &venue, const QJsonObject &seatmap);

    /// The event's version the next change is sent with.
    qint64 version() const { return m_version; }

    /// Adds every seat of section `sectionId` to the selection.
    void addSection(const QString &sectionId);
    /// Gives the selection category `categoryId` (one of the event's).
    void assignSelection(const QString &categoryId);

    /// The seat's category as the map shows it.
    QString categoryOf(const QString &seatId) const;
    QString messageText() const;

    QComboBox *categoryBox() const { return m_category; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void loadMap(int generation);
    void applyEvent(const QJsonObject &event);
    void applyVenue(const QJsonObject &venue);
    void applySeatmap(const QJsonObject &seatmap);
    void showCategories();
    void showSelection() override;
    void updateButtons() override;
    QString describeSeat(const QString &seatId) const override;
    QString noEventText() const override;
    void showMessage(const QString &text, bool problem);
    void onAssigned(const client::ApiResult &result, const QString &categoryName, int count);
    QString categoryName(const QString &categoryId) const;

    SeatCategoriesApi m_assign;
    QLabel *m_categoryLabel;
    QComboBox *m_category;
    QPushButton *m_assignButton;
    QLabel *m_soldNote;
    QLabel *m_keysNote;
    QPushButton *m_clear;
    NoticeLabel *m_message;

    qint64 m_version = -1;
    QHash<QString, QString> m_seatCategory; ///< seat id -> category, from the seat map
};

} // namespace boxoffice::app
