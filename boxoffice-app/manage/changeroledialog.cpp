// SPDX-License-Identifier: GPL-3.0-or-later
#include "changeroledialog.h"

#include "staffwords.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

ChangeRoleDialog::ChangeRoleDialog(client::HttpTransport *transport,
                                   const QJsonObject &account,
                                   QWidget *parent)
    : QDialog(parent)
    , m_api(transport)
    , m_id(account.value(u"id").toInteger())
    , m_current(account.value(u"role").toString())
    , m_role(new QComboBox(this))
    , m_banner(new QLabel(this))
    , m_save(new QPushButton(this))
{
    setObjectName(QStringLiteral("changeRoleDialog"));
    const QString name = account.value(u"username").toString();
    setWindowTitle(tr("Change the role of %1").arg(name));
    setMinimumWidth(440);
    m_role->setObjectName(QStringLiteral("newRole"));
    m_role->setAccessibleName(tr("New role"));
    for (const char *role : {"clerk", "manager", "door"})
        m_role->addItem(StaffWords::role(QString::fromLatin1(role)), QString::fromLatin1(role));
    m_role->setCurrentIndex(qMax(0, m_role->findData(m_current)));
    auto *intro = new QLabel(tr("“%1” is now: %2. A lower role counts at once; a higher one "
                                "from their next sign-in.")
                                 .arg(name, StaffWords::role(m_current)),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    auto *label = new QLabel(tr("New &role:"), this);
    label->setBuddy(m_role);
    form->addRow(label, m_role);
    m_banner->setObjectName(QStringLiteral("changeRoleBanner"));
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    m_banner->hide();
    m_save->setObjectName(QStringLiteral("saveRole"));
    m_save->setText(tr("&Change role (Enter)"));
    m_save->setDefault(true);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_save, QDialogButtonBox::AcceptRole);
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setText(tr("Cancel (Esc)"));
    cancel->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &ChangeRoleDialog::submit);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_role, &QComboBox::currentIndexChanged, this, [this] {
        m_save->setEnabled(!m_busy && m_role->currentData().toString() != m_current);
    });
    m_save->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_banner);
    layout->addWidget(buttons);
    m_role->setFocus();
}

QString ChangeRoleDialog::bannerText() const
{
    return m_banner->text();
}

void ChangeRoleDialog::submit()
{
    const QString role = m_role->currentData().toString();
    if (m_busy || role == m_current)
        return;
    m_busy = true;
    m_save->setEnabled(false);
    m_role->setEnabled(false);
    m_banner->hide();
    m_api.update(m_id,
                 {{QStringLiteral("role"), role}},
                 whileAlive(this, [this](const ApiResult &r) {
                     m_busy = false;
                     m_role->setEnabled(true);
                     m_save->setEnabled(true);
                     if (r.ok()) {
                         Q_EMIT accountChanged(r.body);
                         accept();
                         return;
                     }
                     m_banner->setText(StaffWords::failure(r));
                     m_banner->show();
                 }));
}

} // namespace boxoffice::app
