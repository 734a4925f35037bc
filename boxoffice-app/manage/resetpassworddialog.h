// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "staffapi.h"

#include <QDialog>
#include <QJsonObject>

class QPushButton;

namespace boxoffice::app {

class DialogFooter;
class PasswordFields;

/// A new password for a staff account, typed twice; the server's policy reason is shown at the
/// field. The account's sessions go on; the old password stops working at once.
class ResetPasswordDialog : public QDialog
{
    Q_OBJECT
public:
    ResetPasswordDialog(client::HttpTransport *transport,
                        const QJsonObject &account,
                        QWidget *parent = nullptr);

    PasswordFields *passwords() const { return m_passwords; }
    QPushButton *saveButton() const;
    QString bannerText() const;
    bool isBusy() const { return m_busy; }
    void submit();

Q_SIGNALS:
    /// The account as the server has it now.
    void accountChanged(const QJsonObject &account);

private:
    void setBusy(bool busy);

    StaffApi m_api;
    qint64 m_id;
    PasswordFields *m_passwords = nullptr;
    DialogFooter *m_footer = nullptr;
    bool m_busy = false;
};

} // namespace boxoffice::app
