// SPDX-License-Identifier: GPL-3.0-or-later
#include "newstaffdialog.h"

#include "dialogfooter.h"
#include "fielderror.h"
#include "passwordfields.h"
#include "staffwords.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

using client::ApiResult;
using client::whileAlive;

NewStaffDialog::NewStaffDialog(client::HttpTransport *transport, QWidget *parent)
    : QDialog(parent)
    , m_api(transport)
    , m_username(new QLineEdit(this))
    , m_role(new QComboBox(this))
    , m_passwords(nullptr)
    , m_usernameError(new FieldError(m_username, QStringLiteral("usernameError"), this))
    , m_roleError(new FieldError(m_role, QStringLiteral("roleError"), this))
{
    setObjectName(QStringLiteral("newStaffDialog"));
    setWindowTitle(tr("New staff account"));
    setMinimumWidth(520);
    m_username->setObjectName(QStringLiteral("username"));
    m_username->setAccessibleName(tr("User name"));
    m_username->setMaxLength(64);
    m_username->setPlaceholderText(tr("e.g. ana.lopez"));
    m_role->setObjectName(QStringLiteral("role"));
    m_role->setAccessibleName(tr("Role"));
    for (const char *role : {"clerk", "manager", "door"})
        m_role->addItem(StaffWords::role(QString::fromLatin1(role)), QString::fromLatin1(role));

    auto *intro = new QLabel(tr("Clerks sell at the counter, door staff scan tickets, managers "
                                "also run this back office. Give the person their password now: "
                                "it is not shown again once the account exists."),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    auto *nameLabel = new QLabel(tr("&User name:"), this);
    nameLabel->setBuddy(m_username);
    form->addRow(nameLabel, m_username);
    form->addRow(QString(), m_usernameError);
    auto *roleLabel = new QLabel(tr("&Role:"), this);
    roleLabel->setBuddy(m_role);
    form->addRow(roleLabel, m_role);
    form->addRow(QString(), m_roleError);
    m_passwords = new PasswordFields(form, this);

    m_footer = new DialogFooter(QStringLiteral("newStaffBanner"),
                                QStringLiteral("createStaff"),
                                tr("&Create account (Enter)"),
                                this);
    connect(m_footer, &DialogFooter::submitted, this, &NewStaffDialog::submit);
    connect(m_username, &QLineEdit::textEdited, this, [this] {
        m_usernameError->clearProblem();
        updateButton();
    });
    connect(m_passwords, &PasswordFields::edited, this, &NewStaffDialog::updateButton);
    connect(this, &QDialog::finished, m_passwords, &PasswordFields::clear);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_footer);
    updateButton();
    m_username->setFocus();
}

QString NewStaffDialog::fieldError(const QString &field) const
{
    if (field == u"username")
        return m_usernameError->text();
    if (field == u"role")
        return m_roleError->text();
    if (field == u"password")
        return m_passwords->problem();
    return {};
}

QPushButton *NewStaffDialog::createButton() const
{
    return m_footer->button();
}

QString NewStaffDialog::bannerText() const
{
    return m_footer->bannerText();
}

void NewStaffDialog::updateButton()
{
    m_footer->button()->setEnabled(!m_busy && !m_username->text().trimmed().isEmpty()
                                   && m_passwords->isComplete());
}

void NewStaffDialog::setBusy(bool busy)
{
    m_busy = busy;
    m_footer->setBusy(busy);
    m_username->setEnabled(!busy);
    m_role->setEnabled(!busy);
    m_passwords->setEnabled(!busy);
    updateButton();
}

void NewStaffDialog::submit()
{
    if (m_busy || !m_footer->button()->isEnabled())
        return;
    m_footer->clearBanner();
    m_usernameError->clearProblem();
    m_roleError->clearProblem();
    m_passwords->showProblem({});
    if (!m_passwords->check())
        return;
    setBusy(true);
    // Names are lower case on the server; the manager need not know.
    const QString username = m_username->text().trimmed().toLower();
    m_api.create(username,
                 m_role->currentData().toString(),
                 m_passwords->password(),
                 whileAlive(this, [this](const ApiResult &r) {
                     setBusy(false);
                     if (r.ok()) {
                         Q_EMIT accountCreated(r.body);
                         accept();
                         return;
                     }
                     const QString field = StaffWords::fieldOf(r);
                     const QString problem = StaffWords::failure(r);
                     if (field == u"username") {
                         m_usernameError->showProblem(problem);
                         m_username->selectAll();
                         m_username->setFocus();
                     } else if (field == u"password") {
                         m_passwords->showProblem(problem);
                         m_passwords->first()->selectAll();
                         m_passwords->first()->setFocus();
                     } else if (field == u"role") {
                         m_roleError->showProblem(problem);
                         m_role->setFocus();
                     } else {
                         m_footer->showBanner(problem);
                     }
                 }));
}

} // namespace boxoffice::app
