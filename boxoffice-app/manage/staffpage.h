// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "staffapi.h"

#include <QJsonObject>
#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace boxoffice::app {

class ChangeRoleDialog;
class DisableStaffBox;
class NewStaffDialog;
class ResetPasswordDialog;
class SignInList;
class StaffListModel;

/// The back office's staff: every account (name, role, enabled or not, created, last sign-in),
/// new accounts, disable and enable (sessions stop at once), another role, a new password, and
/// the latest sign-ins (who, when, from where). The signed-in manager's own account cannot be
/// disabled or given another role: the page says why instead of asking the server in vain.
class StaffPage : public QWidget
{
    Q_OBJECT
public:
    StaffPage(client::HttpTransport *transport, QWidget *parent = nullptr);

    /// Reads who is signed in, the accounts and the sign-ins again.
    void refresh();
    void newAccount();
    /// Asks before disabling (or enabling) the highlighted account.
    void toggleDisabled();
    void changeRole();
    void resetPassword();

    QTableView *view() const { return m_view; }
    StaffListModel *model() const { return m_model; }
    SignInList *signInsView() const;
    QPushButton *disableButton() const { return m_disable; }
    QPushButton *roleButton() const { return m_role; }
    QString statusText() const;
    /// Why the highlighted account cannot be changed ("" when it can).
    QString hintText() const;
    bool isLoading() const { return m_pending > 0; }
    /// Highlights the account named `username`; false when it is not listed.
    bool select(const QString &username);
    /// The open dialogs (null when closed).
    NewStaffDialog *newAccountDialog() const;
    ChangeRoleDialog *roleDialog() const;
    ResetPasswordDialog *passwordDialog() const;
    DisableStaffBox *confirmation() const;

Q_SIGNALS:
    void refreshed();
    /// A PATCH answered (successfully or not).
    void accountUpdated();

protected:
    void changeEvent(QEvent *event) override;

private:
    QJsonObject current() const;
    /// Why `account` may not be disabled or get another role here, or "".
    QString refusal(const QJsonObject &account) const;
    void setDisabled(const QJsonObject &account, bool disabled);
    void takeKeyboardBack();
    void accountChanged(const QJsonObject &account, const QString &message);
    void finishLoad();
    void updateActions();
    void updateStatus();
    void retranslate();

    StaffApi m_api;
    client::HttpTransport *m_transport;
    StaffListModel *m_model;
    QLabel *m_title;
    QPushButton *m_refresh;
    QPushButton *m_new;
    QPushButton *m_disable;
    QPushButton *m_role;
    QPushButton *m_password;
    QTableView *m_view;
    QLabel *m_signInsTitle;
    SignInList *m_signIns;
    QLabel *m_hint;
    QProgressBar *m_busy;
    QLabel *m_status;
    QPointer<NewStaffDialog> m_newDialog;
    QPointer<ChangeRoleDialog> m_roleDialog;
    QPointer<ResetPasswordDialog> m_passwordDialog;
    QPointer<DisableStaffBox> m_confirm;
    QString m_me;     ///< the signed-in user's name (GET /me)
    QString m_myRole; ///< and role: only an admin changes an admin
    QString m_error;
    QString m_message; ///< what the last change did
    QString m_selectAfter;
    quint64 m_generation = 0;
    int m_pending = 0;
    bool m_loadedOnce = false;
};

} // namespace boxoffice::app
