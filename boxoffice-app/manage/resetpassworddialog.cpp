// SPDX-License-Identifier: GPL-3.0-or-later
#include "resetpassworddialog.h"

#include "dialogfooter.h"
#include "passwordfields.h"
#include "staffwords.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

ResetPasswordDialog::ResetPasswordDialog(client::HttpTransport *transport,
                                         const QJsonObject &account,
                                         QWidget *parent)
    : AccountDialog(transport, account, parent)
{
    setObjectName(QStringLiteral("resetPasswordDialog"));
    const QString name = account.value(u"username").toString();
    setWindowTitle(tr("Reset the password of %1").arg(name));
    setMinimumWidth(480);
    auto *intro = new QLabel(tr("The old password of “%1” stops working at once. Give them the "
                                "new one now: it is not shown again.")
                                 .arg(name),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    m_passwords = new PasswordFields(form, this);
    addFooter(QStringLiteral("resetPasswordBanner"),
              QStringLiteral("savePassword"),
              tr("&Set the password (Enter)"));
    saveButton()->setEnabled(false);
    connect(m_passwords, &PasswordFields::edited, this, [this] {
        saveButton()->setEnabled(!isBusy() && m_passwords->isComplete());
    });
    connect(this, &QDialog::finished, m_passwords, &PasswordFields::clear);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_footer);
    m_passwords->first()->setFocus();
}

void ResetPasswordDialog::setBusy(bool busy)
{
    AccountDialog::setBusy(busy);
    m_footer->setBusy(busy);
    m_passwords->setEnabled(!busy);
    saveButton()->setEnabled(!busy && m_passwords->isComplete());
}

void ResetPasswordDialog::submit()
{
    if (isBusy() || !m_passwords->isComplete())
        return;
    m_footer->hideBanner();
    m_passwords->showProblem({});
    if (!m_passwords->check())
        return;
    send({{QStringLiteral("password"), m_passwords->password()}});
}

bool ResetPasswordDialog::showAtField(const client::ApiResult &refusal)
{
    if (StaffWords::fieldOf(refusal) != u"password")
        return false;
    m_passwords->showProblem(StaffWords::failure(refusal));
    m_passwords->first()->selectAll();
    m_passwords->first()->setFocus();
    return true;
}

} // namespace boxoffice::app
