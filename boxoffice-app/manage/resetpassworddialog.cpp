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

using client::ApiResult;
using client::whileAlive;

ResetPasswordDialog::ResetPasswordDialog(client::HttpTransport *transport,
                                         const QJsonObject &account,
                                         QWidget *parent)
    : QDialog(parent)
    , m_api(transport)
    , m_id(account.value(u"id").toInteger())
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
    m_footer = new DialogFooter(QStringLiteral("resetPasswordBanner"),
                                QStringLiteral("savePassword"),
                                tr("&Set the password (Enter)"),
                                this);
    m_footer->button()->setEnabled(false);
    connect(m_footer, &DialogFooter::submitted, this, &ResetPasswordDialog::submit);
    connect(m_passwords, &PasswordFields::edited, this, [this] {
        m_footer->button()->setEnabled(!m_busy && m_passwords->isComplete());
    });
    connect(this, &QDialog::finished, m_passwords, &PasswordFields::clear);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_footer);
    m_passwords->first()->setFocus();
}

QPushButton *ResetPasswordDialog::saveButton() const
{
    return m_footer->button();
}

QString ResetPasswordDialog::bannerText() const
{
    return m_footer->bannerText();
}

void ResetPasswordDialog::setBusy(bool busy)
{
    m_busy = busy;
    m_footer->setBusy(busy);
    m_passwords->setEnabled(!busy);
    m_footer->button()->setEnabled(!busy && m_passwords->isComplete());
}

void ResetPasswordDialog::submit()
{
    if (m_busy || !m_passwords->isComplete())
        return;
    m_footer->hideBanner();
    m_passwords->showProblem({});
    if (!m_passwords->check())
        return;
    setBusy(true);
    m_api.update(m_id,
                 {{QStringLiteral("password"), m_passwords->password()}},
                 whileAlive(this, [this](const ApiResult &r) {
                     setBusy(false);
                     if (r.ok()) {
                         Q_EMIT accountChanged(r.body);
                         accept();
                     } else if (StaffWords::fieldOf(r) == u"password") {
                         m_passwords->showProblem(StaffWords::failure(r));
                         m_passwords->first()->selectAll();
                         m_passwords->first()->setFocus();
                     } else {
                         m_footer->showBanner(StaffWords::failure(r));
                     }
                 }));
}

} // namespace boxoffice::app
