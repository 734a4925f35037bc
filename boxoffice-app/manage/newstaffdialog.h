// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "staffapi.h"

#include <QDialog>
#include <QJsonObject>

class QComboBox;
class QLineEdit;
class QPushButton;

namespace boxoffice::app {

class DialogFooter;
class FieldError;
class PasswordFields;

/// A new staff account: user name, role (clerk, manager, door) and a password typed twice.
/// Create (Enter) sends it; the server's refusal is shown at the field it names (a taken name,
/// the password policy's reason). The password is never shown again once the account exists.
class NewStaffDialog : public QDialog
{
    Q_OBJECT
public:
    explicit NewStaffDialog(client::HttpTransport *transport, QWidget *parent = nullptr);

    QLineEdit *usernameEdit() const { return m_username; }
    QComboBox *roleBox() const { return m_role; }
    PasswordFields *passwords() const { return m_passwords; }
    QPushButton *createButton() const;
    /// The refusal under `field` (username, role, password), "" when none.
    QString fieldError(const QString &field) const;
    /// The message above the buttons (a failure that names no field).
    QString bannerText() const;
    bool isBusy() const { return m_busy; }

    /// Sends the account (as Create and Enter do).
    void submit();

Q_SIGNALS:
    /// The server made the account (the item it answered, never the password).
    void accountCreated(const QJsonObject &account);

private:
    void setBusy(bool busy);
    void updateButton();

    StaffApi m_api;
    QLineEdit *m_username;
    QComboBox *m_role;
    PasswordFields *m_passwords;
    FieldError *m_usernameError;
    FieldError *m_roleError;
    DialogFooter *m_footer = nullptr;
    bool m_busy = false;
};

} // namespace boxoffice::app
