// SPDX-License-Identifier: GPL-3.0-or-later
#include "signinpage.h"

#include <QEvent>
#include <QFormLayout>
#include <QFrame>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

SignInPage::SignInPage(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_urlLabel(new QLabel(this))
    , m_userLabel(new QLabel(this))
    , m_passwordLabel(new QLabel(this))
    , m_url(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_signIn(new QPushButton(this))
    , m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("signInPage"));
    m_url->setObjectName(QStringLiteral("serverUrl"));
    m_user->setObjectName(QStringLiteral("userName"));
    m_password->setObjectName(QStringLiteral("password"));
    m_password->setEchoMode(QLineEdit::Password);
    m_signIn->setObjectName(QStringLiteral("signInButton"));
    m_signIn->setDefault(true);
    m_signIn->setMinimumHeight(40);
    m_error->setObjectName(QStringLiteral("signInError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828; font-weight: 600;"));
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setStyleSheet(QStringLiteral("font-size: 22pt; font-weight: 700; color: #1f3a5f;"));

    auto *card = new QFrame(this);
    card->setFrameShape(QFrame::StyledPanel);
    card->setMaximumWidth(460);
    card->setMinimumWidth(400);
    auto *form = new QFormLayout;
    form->addRow(m_urlLabel, m_url);
    form->addRow(m_userLabel, m_user);
    form->addRow(m_passwordLabel, m_password);
    auto *cardLayout = new QVBoxLayout(card);
    cardLayout->setContentsMargins(24, 24, 24, 24);
    cardLayout->addWidget(m_title);
    cardLayout->addSpacing(12);
    cardLayout->addLayout(form);
    cardLayout->addWidget(m_error);
    cardLayout->addWidget(m_signIn);
    auto *outer = new QVBoxLayout(this);
    outer->addStretch(1);
    outer->addWidget(card, 0, Qt::AlignHCenter);
    outer->addStretch(2);

    connect(m_signIn, &QPushButton::clicked, this, &SignInPage::submit);
    for (QLineEdit *edit : {m_url, m_user, m_password})
        connect(edit, &QLineEdit::returnPressed, this, &SignInPage::submit);
    retranslate();
}

void SignInPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SignInPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    (m_user->text().isEmpty() ? m_user : m_password)->setFocus();
}

void SignInPage::retranslate()
{
    m_title->setText(tr("Box Office — Sign in"));
    m_urlLabel->setText(tr("&Server:"));
    m_urlLabel->setBuddy(m_url);
    m_userLabel->setText(tr("&User:"));
    m_userLabel->setBuddy(m_user);
    m_passwordLabel->setText(tr("&Password:"));
    m_passwordLabel->setBuddy(m_password);
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080"));
    m_signIn->setText(tr("Sign in (Enter)"));
}

void SignInPage::setServerUrl(const QString &url)
{
    m_url->setText(url);
}

void SignInPage::setUserName(const QString &name)
{
    m_user->setText(name);
}

QString SignInPage::serverUrl() const
{
    return m_url->text().trimmed();
}

QString SignInPage::userName() const
{
    return m_user->text().trimmed();
}

void SignInPage::showError(const QString &message)
{
    m_error->setText(message);
    setBusy(false);
}

void SignInPage::setBusy(bool busy)
{
    m_signIn->setEnabled(!busy);
    m_signIn->setText(busy ? tr("Signing in…") : tr("Sign in (Enter)"));
}

void SignInPage::clearPassword()
{
    m_password->clear();
}

void SignInPage::submit()
{
    if (!m_signIn->isEnabled())
        return;
    const QUrl url = QUrl::fromUserInput(serverUrl());
    if (!url.isValid() || url.host().isEmpty()) {
        showError(tr("Enter the server address, e.g. http://127.0.0.1:8080"));
        return;
    }
    if (userName().isEmpty() || m_password->text().isEmpty()) {
        showError(tr("Enter your user name and password."));
        return;
    }
    m_error->clear();
    setBusy(true);
    Q_EMIT signInRequested(url.toString(), userName(), m_password->text());
}

} // namespace boxoffice::app
