// SPDX-License-Identifier: GPL-3.0-or-later
#include "stafflistmodel.h"

#include "staffwords.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace boxoffice::app {

StaffListModel::StaffListModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void StaffListModel::setAccounts(const QList<QJsonObject> &accounts)
{
    beginResetModel();
    m_accounts = accounts;
    endResetModel();
}

void StaffListModel::updateAccount(const QJsonObject &account)
{
    const int row = rowOf(account.value(u"id").toInteger());
    if (row < 0) {
        beginInsertRows({}, int(m_accounts.size()), int(m_accounts.size()));
        m_accounts.append(account);
        endInsertRows();
        return;
    }
    m_accounts[row] = account;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void StaffListModel::setCurrentUser(const QString &username)
{
    // Not a reset: the highlighted row stays (GET /me may answer after GET /staff).
    m_currentUser = username;
    if (!m_accounts.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_accounts.size()) - 1, ColumnCount - 1));
}

int StaffListModel::rowOf(qint64 id, const QString &username) const
{
    for (int row = 0; row < m_accounts.size(); ++row) {
        const QJsonObject &a = m_accounts[row];
        if (id > 0 ? a.value(u"id").toInteger() == id : a.value(u"username").toString() == username)
            return row;
    }
    return -1;
}

int StaffListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_accounts.size());
}

int StaffListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StaffListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_accounts.size())
        return {};
    const QJsonObject &a = m_accounts[index.row()];
    const bool disabled = a.value(u"disabled").toBool();
    const QString name = a.value(u"username").toString();
    if (role == Qt::UserRole)
        return a.value(u"id").toInteger();
    if (role == AccountRole)
        return a;
    if (role == Qt::ForegroundRole && disabled)
        return QBrush(index.column() == State ? QColor(0xc6, 0x28, 0x28) : QColor(0x75, 0x75, 0x75));
    if (role == Qt::FontRole && index.column() == Username && name == m_currentUser) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole && index.column() == State)
        return disabled ? tr("Cannot sign in; every session of this account has stopped.")
                        : tr("Can sign in.");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Username:
        return name == m_currentUser ? tr("%1 (you)").arg(name) : name;
    case Role:
        return StaffWords::role(a.value(u"role").toString());
    case State:
        return disabled ? tr("Disabled") : tr("Enabled");
    case Created:
        return StaffWords::localTime(a.value(u"created_at").toString());
    case LastSignIn:
        return StaffWords::localTime(a.value(u"last_sign_in_at").toString(), tr("Never"));
    default:
        return {};
    }
}

QVariant StaffListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Username:
        return tr("User name");
    case Role:
        return tr("Role");
    case State:
        return tr("State");
    case Created:
        return tr("Created");
    case LastSignIn:
        return tr("Last sign-in");
    default:
        return {};
    }
}

} // namespace boxoffice::app
