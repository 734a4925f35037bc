// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMessageBox>

namespace boxoffice::app {

/// Asks before a staff account is disabled (its sessions stop at once) or enabled again. Enter
/// confirms, Esc keeps the account as it is.
class DisableStaffBox : public QMessageBox
{
    Q_OBJECT
public:
    DisableStaffBox(const QString &username, bool disable, QWidget *parent = nullptr);

    QPushButton *confirmButton() const { return m_yes; }

private:
    QPushButton *m_yes;
};

} // namespace boxoffice::app
