// SPDX-License-Identifier: GPL-3.0-or-later
#include "resetpassworddialog.h"

#include "passwordfields.h"
#include "staffwords.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
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
    , m_banner(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_save(new QPushButton(this))
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
    m_banner->setObjectName(QStringLiteral("resetPasswordBanner"));
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    m_banner->hide();
    m_progress->setRange(0, 0);
    m_progress->setMaximumHeight(6);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_save->setObjectName(QStringLiteral("savePassword"));
    m_save->setText(tr("&Set the password (Enter)"));
    m_save->setDefault(true);
    m_save->setEnabled(false);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_save, QDialogButtonBox::AcceptRole);
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setText(tr("Cancel (Esc)"));
    cancel->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &ResetPasswordDialog::submit);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_passwords, &PasswordFields::edited, this, [this] {
        m_save->setEnabled(!m_busy && m_passwords->isComplete());
    });
    connect(this, &QDialog::finished, m_passwords, &PasswordFields::clear);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_banner);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    m_passwords->first()->setFocus();
}

QString ResetPasswordDialog::bannerText() const
{
    return m_banner->text();
}

void ResetPasswordDialog::setBusy(bool busy)
{
    m_busy = busy;
    m_progress->setVisible(busy);
    m_passwords->setEnabled(!busy);
    m_save->setEnabled(!busy && m_passwords->isComplete());
}

void ResetPasswordDialog::submit()
{
    if (m_busy || !m_passwords->isComplete())
        return;
    m_banner->hide();
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
                         m_banner->setText(StaffWords::failure(r));
                         m_banner->show();
                     }
                 }));
}

} // namespace boxoffice::app
