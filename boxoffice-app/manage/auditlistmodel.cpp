// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlistmodel.h"

#include "auditwords.h"
#include "staffwords.h"

namespace boxoffice::app {

AuditListModel::AuditListModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void AuditListModel::clear()
{
    beginResetModel();
    m_lines.clear();
    endResetModel();
}

void AuditListModel::append(const QList<QJsonObject> &lines)
{
    if (lines.isEmpty())
        return;
    beginInsertRows({}, int(m_lines.size()), int(m_lines.size() + lines.size() - 1));
    m_lines.append(lines);
    endInsertRows();
}

void AuditListModel::setEventTitles(const QHash<QString, QString> &titles)
{
    m_titles = titles;
    if (!m_lines.isEmpty())
        Q_EMIT dataChanged(index(0, Event), index(int(m_lines.size()) - 1, Event));
}

int AuditListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

int AuditListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_lines.size())
        return {};
    const QJsonObject &line = m_lines[index.row()];
    if (role == LineRole)
        return line;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case When:
        return StaffWords::localTime(line.value(u"at").toString());
    case Who:
        return line.value(u"actor").toString();
    case What:
        return role == Qt::ToolTipRole ? line.value(u"action").toString()
                                       : AuditWords::action(line.value(u"action").toString());
    case Event: {
        const QString id = line.value(u"event_id").toString();
        return m_titles.value(id, id);
    }
    case Details:
        return AuditWords::summary(line);
    default:
        return {};
    }
}

QVariant AuditListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case When:
        return tr("When");
    case Who:
        return tr("Who");
    case What:
        return tr("What");
    case Event:
        return tr("Event");
    case Details:
        return tr("Before → after");
    default:
        return {};
    }
}

} // namespace boxoffice::app
