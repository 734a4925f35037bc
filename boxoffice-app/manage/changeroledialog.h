// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "staffapi.h"

#include <QDialog>
#include <QJsonObject>

class QComboBox;
class QPushButton;

namespace boxoffice::app {

class DialogFooter;

/// Another role for a staff account (clerk, manager, door); it counts from the account's next
/// request on, a promotion from its next sign-in.
class ChangeRoleDialog : public QDialog
{
    Q_OBJECT
public:
    ChangeRoleDialog(client::HttpTransport *transport,
                     const QJsonObject &account,
                     QWidget *parent = nullptr);

    QComboBox *roleBox() const { return m_role; }
    QPushButton *saveButton() const;
    QString bannerText() const;
    bool isBusy() const { return m_busy; }
    void submit();

Q_SIGNALS:
    void accountChanged(const QJsonObject &account);

private:
    StaffApi m_api;
    qint64 m_id;
    QString m_current;
    QComboBox *m_role;
    DialogFooter *m_footer = nullptr;
    bool m_busy = false;
};

} // namespace boxoffice::app
