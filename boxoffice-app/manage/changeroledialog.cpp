// SPDX-License-Identifier: GPL-3.0-or-later
#include "changeroledialog.h"

#include "dialogfooter.h"
#include "staffwords.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

ChangeRoleDialog::ChangeRoleDialog(client::HttpTransport *transport,
                                   const QJsonObject &account,
                                   QWidget *parent)
    : AccountDialog(transport, account, parent)
    , m_current(account.value(u"role").toString())
    , m_role(new QComboBox(this))
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
    addFooter(QStringLiteral("changeRoleBanner"),
              QStringLiteral("saveRole"),
              tr("&Change role (Enter)"));
    connect(m_role, &QComboBox::currentIndexChanged, this, [this] {
        saveButton()->setEnabled(!isBusy() && m_role->currentData().toString() != m_current);
    });
    saveButton()->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_footer);
    m_role->setFocus();
}

void ChangeRoleDialog::submit()
{
    const QString role = m_role->currentData().toString();
    if (isBusy() || role == m_current)
        return;
    send({{QStringLiteral("role"), role}});
}

void ChangeRoleDialog::setBusy(bool busy)
{
    AccountDialog::setBusy(busy);
    saveButton()->setEnabled(!busy);
    m_role->setEnabled(!busy);
}

} // namespace boxoffice::app
