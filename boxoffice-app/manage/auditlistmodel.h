// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QJsonObject>
#include <QList>

namespace boxoffice::app {

/// Audit lines, newest first (GET /audit pages appended as they come): when on this machine's
/// clock, who, what in words, the event's title, and what changed.
class AuditListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { When, Who, What, Event, Details, ColumnCount };
    /// The line's whole JSON object on every column.
    static constexpr int LineRole = Qt::UserRole + 1;

    explicit AuditListModel(QObject *parent = nullptr);

    void clear();
    void append(const QList<QJsonObject> &lines);
    /// Event titles by id, for the Event column (an unknown id shows as it is).
    void setEventTitles(const QHash<QString, QString> &titles);
    QJsonObject line(int row) const { return m_lines.value(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<QJsonObject> m_lines;
    QHash<QString, QString> m_titles;
};

} // namespace boxoffice::app
