// SPDX-License-Identifier: GPL-3.0-or-later
#include "passwordfields.h"

#include "fielderror.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace boxoffice::app {

PasswordFields::PasswordFields(QFormLayout *form, QWidget *parent)
    : QObject(parent)
    , m_first(new QLineEdit(parent))
    , m_second(new QLineEdit(parent))
    , m_show(new QCheckBox(tr("S&how what I type"), parent))
    , m_error(new FieldError(m_first, QStringLiteral("passwordError"), parent))
{
    for (QLineEdit *edit : {m_first, m_second}) {
        edit->setEchoMode(QLineEdit::Password);
        edit->setMaxLength(1024);
        connect(edit, &QLineEdit::textEdited, this, [this] {
            m_error->clearProblem();
            Q_EMIT edited();
        });
    }
    m_first->setObjectName(QStringLiteral("password"));
    m_first->setAccessibleName(tr("New password"));
    m_first->setPlaceholderText(tr("10 characters or more, not a common one"));
    m_second->setObjectName(QStringLiteral("passwordRepeat"));
    m_second->setAccessibleName(tr("New password again"));
    m_show->setObjectName(QStringLiteral("showPassword"));
    connect(m_show, &QCheckBox::toggled, this, [this](bool shown) {
        const auto mode = shown ? QLineEdit::Normal : QLineEdit::Password;
        m_first->setEchoMode(mode);
        m_second->setEchoMode(mode);
    });
    auto *firstLabel = new QLabel(tr("&Password:"), parent);
    firstLabel->setBuddy(m_first);
    auto *secondLabel = new QLabel(tr("&Again:"), parent);
    secondLabel->setBuddy(m_second);
    form->addRow(firstLabel, m_first);
    form->addRow(secondLabel, m_second);
    form->addRow(QString(), m_error);
    form->addRow(QString(), m_show);
}

QString PasswordFields::password() const
{
    return m_first->text();
}

bool PasswordFields::isComplete() const
{
    return !m_first->text().isEmpty() && !m_second->text().isEmpty();
}

bool PasswordFields::check()
{
    if (m_first->text() == m_second->text())
        return true;
    showProblem(tr("The two passwords differ. Type the same one twice."));
    m_second->selectAll();
    m_second->setFocus();
    return false;
}

void PasswordFields::showProblem(const QString &text)
{
    m_error->showProblem(text);
}

QString PasswordFields::problem() const
{
    return m_error->text();
}

void PasswordFields::setEnabled(bool enabled)
{
    for (QWidget *w : std::initializer_list<QWidget *>{m_first, m_second, m_show})
        w->setEnabled(enabled);
}

void PasswordFields::clear()
{
    m_first->clear();
    m_second->clear();
    m_show->setChecked(false);
}

} // namespace boxoffice::app
