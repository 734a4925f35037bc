// SPDX-License-Identifier: GPL-3.0-or-later
#include "disablestaffbox.h"

#include <QPushButton>

namespace boxoffice::app {

DisableStaffBox::DisableStaffBox(const QString &username, bool disable, QWidget *parent)
    : QMessageBox(QMessageBox::Question,
                  disable ? tr("Disable account") : tr("Enable account"),
                  disable ? tr("Disable “%1”?").arg(username) : tr("Enable “%1”?").arg(username),
                  QMessageBox::NoButton,
                  parent)
{
    setObjectName(QStringLiteral("confirmStaffChange"));
    setInformativeText(
        disable ? tr("Every session of “%1” stops at once, at the counter and at the door: their "
                     "next action asks them to sign in, and signing in is refused until the "
                     "account is enabled again.")
                      .arg(username)
                : tr("“%1” can sign in again with their password.").arg(username));
    m_yes = addButton(disable ? tr("&Disable (Enter)") : tr("&Enable (Enter)"),
                      QMessageBox::AcceptRole);
    m_yes->setObjectName(QStringLiteral("confirmStaffYes"));
    addButton(tr("Keep as it is (Esc)"), QMessageBox::RejectRole);
    setDefaultButton(m_yes);
}

} // namespace boxoffice::app
