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
    m_footer = new DialogFooter(QStringLiteral("changeRoleBanner"),
                                QStringLiteral("saveRole"),
                                tr("&Change role (Enter)"),
                                this);
    connect(m_footer, &DialogFooter::submitted, this, &ChangeRoleDialog::submit);
    connect(m_role, &QComboBox::currentIndexChanged, this, [this] {
        m_footer->button()->setEnabled(!m_busy && m_role->currentData().toString() != m_current);
    });
    m_footer->button()->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_footer);
    m_role->setFocus();
}

QPushButton *ChangeRoleDialog::saveButton() const
{
    return m_footer->button();
}

QString ChangeRoleDialog::bannerText() const
{
    return m_footer->bannerText();
}

void ChangeRoleDialog::submit()
{
    const QString role = m_role->currentData().toString();
    if (m_busy || role == m_current)
        return;
    m_busy = true;
    m_footer->button()->setEnabled(false);
    m_role->setEnabled(false);
    m_footer->hideBanner();
    m_api.update(m_id,
                 {{QStringLiteral("role"), role}},
                 whileAlive(this, [this](const ApiResult &r) {
                     m_busy = false;
                     m_role->setEnabled(true);
                     m_footer->button()->setEnabled(true);
                     if (r.ok()) {
                         Q_EMIT accountChanged(r.body);
                         accept();
                         return;
                     }
                     m_footer->showBanner(StaffWords::failure(r));
                 }));
}

} // namespace boxoffice::app
