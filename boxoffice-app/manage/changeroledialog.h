// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "accountdialog.h"

class QComboBox;

namespace boxoffice::app {

/// Another role for a staff account (clerk, manager, door); it counts from the account's next
/// request on, a promotion from its next sign-in.
class ChangeRoleDialog : public AccountDialog
{
    Q_OBJECT
public:
    ChangeRoleDialog(client::HttpTransport *transport,
                     const QJsonObject &account,
                     QWidget *parent = nullptr);

    QComboBox *roleBox() const { return m_role; }
    void submit() override;

private:
    void setBusy(bool busy) override;

    QString m_current;
    QComboBox *m_role;
};

} // namespace boxoffice::app
