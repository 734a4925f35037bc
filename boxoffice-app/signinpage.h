// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice::app {

/// The sign-in screen: server URL (remembered), staff user name and password.
class SignInPage : public QWidget
{
    Q_OBJECT
public:
    explicit SignInPage(QWidget *parent = nullptr);

    void setServerUrl(const QString &url);
    void setUserName(const QString &name);
    QString serverUrl() const;
    QString userName() const;
    /// Shows a problem (wrong password, server unreachable) and re-enables the form.
    void showError(const QString &message);
    void setBusy(bool busy);
    void clearPassword();

Q_SIGNALS:
    void signInRequested(const QString &url, const QString &user, const QString &password);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void submit();
    void retranslate();

    QLabel *m_title;
    QLabel *m_urlLabel;
    QLabel *m_userLabel;
    QLabel *m_passwordLabel;
    QLineEdit *m_url;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QPushButton *m_signIn;
    QLabel *m_error;
};

} // namespace boxoffice::app
