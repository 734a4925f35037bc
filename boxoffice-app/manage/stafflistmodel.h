// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QList>

namespace boxoffice::app {

/// The venue's staff accounts (GET /staff): name, role and state in words, created and last
/// signed in on this machine's clock. The signed-in manager's own row is marked.
class StaffListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Username, Role, State, Created, LastSignIn, ColumnCount };
    /// The account's id (Qt::UserRole, a qint64) and whole JSON object (AccountRole).
    static constexpr int AccountRole = Qt::UserRole + 1;

    explicit StaffListModel(QObject *parent = nullptr);

    void setAccounts(const QList<QJsonObject> &accounts);
    /// Replaces one account with the server's answer (after a PATCH).
    void updateAccount(const QJsonObject &account);
    /// The signed-in user's name: their row says "(you)".
    void setCurrentUser(const QString &username);
    QJsonObject account(int row) const { return m_accounts.value(row); }
    /// The row of account `id` (or of `username` when id is 0), or -1.
    int rowOf(qint64 id, const QString &username = {}) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<QJsonObject> m_accounts;
    QString m_currentUser;
};

} // namespace boxoffice::app
