// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "accountdialog.h"

namespace boxoffice::app {

class PasswordFields;

/// A new password for a staff account, typed twice; the server's policy reason is shown at the
/// field. The account's sessions go on; the old password stops working at once.
class ResetPasswordDialog : public AccountDialog
{
    Q_OBJECT
public:
    ResetPasswordDialog(client::HttpTransport *transport,
                        const QJsonObject &account,
                        QWidget *parent = nullptr);

    PasswordFields *passwords() const { return m_passwords; }
    void submit() override;

private:
    void setBusy(bool busy) override;
    bool showAtField(const client::ApiResult &refusal) override;

    PasswordFields *m_passwords = nullptr;
};

} // namespace boxoffice::app
