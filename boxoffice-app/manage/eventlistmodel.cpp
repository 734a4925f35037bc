// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventlistmodel.h"

#include "eventchoices.h"
#include "managewords.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace boxoffice::app {

namespace {
QColor stateColour(const QString &state)
{
    if (state == u"on_sale")
        return {0x1b, 0x5e, 0x20};
    if (state == u"paused")
        return {0xef, 0x6c, 0x00};
    if (state == u"cancelled")
        return {0xc6, 0x28, 0x28};
    return {0x55, 0x55, 0x55};
}
} // namespace

EventListModel::EventListModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void EventListModel::setEvents(const QList<QJsonObject> &events)
{
    beginResetModel();
    m_events = events;
    endResetModel();
}

int EventListModel::rowOf(const QString &id) const
{
    for (int row = 0; row < m_events.size(); ++row)
        if (m_events[row].value(u"id").toString() == id)
            return row;
    return -1;
}

int EventListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int EventListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_events.size())
        return {};
    const QJsonObject &e = m_events[index.row()];
    const QString state = e.value(u"sale_state").toString();
    if (role == Qt::UserRole)
        return e.value(u"id").toString();
    if (role == EventRole)
        return e;
    if (role == Qt::ForegroundRole && index.column() == Sale)
        return QBrush(stateColour(state));
    if (role == Qt::FontRole && state == u"cancelled" && index.column() == Title) {
        QFont font;
        font.setStrikeOut(true);
        return font;
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QJsonObject venue = e.value(u"venue").toObject();
    switch (index.column()) {
    case Title:
        return e.value(u"title").toString();
    case Venue: {
        const QString city = venue.value(u"city").toString();
        const QString name = venue.value(u"name").toString();
        return city.isEmpty() ? name : tr("%1, %2").arg(name, city);
    }
    case Starts:
        return eventStart(e);
    case Sale:
        if (role == Qt::ToolTipRole && state == u"cancelled")
            return e.value(u"cancel_reason").toString();
        return ManageWords::saleState(state);
    case Availability:
        return state == u"cancelled"
                   ? QString()
                   : ManageWords::availability(e.value(u"availability").toString());
    default:
        return {};
    }
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Title:
        return tr("Event");
    case Venue:
        return tr("Venue");
    case Starts:
        return tr("Starts (venue time)");
    case Sale:
        return tr("Sale");
    case Availability:
        return tr("Seats");
    default:
        return {};
    }
}

} // namespace boxoffice::app
