// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QList>

namespace boxoffice::app {

/// Every event of the venue's server for the back office (GET /events?include=all): one row per
/// event, times at the venue, the sale's state and availability in words.
class EventListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Title, Venue, Starts, Sale, Availability, ColumnCount };
    /// The event's id (Qt::UserRole) and whole JSON object (EventRole) on every column.
    static constexpr int EventRole = Qt::UserRole + 1;

    explicit EventListModel(QObject *parent = nullptr);

    void setEvents(const QList<QJsonObject> &events);
    QJsonObject event(int row) const { return m_events.value(row); }
    /// The row of event `id`, or -1.
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<QJsonObject> m_events;
};

} // namespace boxoffice::app
