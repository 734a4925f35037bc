// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QCheckBox;
class QFormLayout;
class QLineEdit;

namespace boxoffice::app {

class FieldError;

/// A new password typed twice (hidden unless "Show" is ticked), with the refusal under it:
/// the two must match before anything is sent, the server's policy decides the rest.
class PasswordFields : public QObject
{
    Q_OBJECT
public:
    /// Adds its rows to `form` (the widgets belong to `parent`).
    PasswordFields(QFormLayout *form, QWidget *parent);

    QString password() const;
    /// True when both are filled in.
    bool isComplete() const;
    /// False (and says so under the second field) when the two differ.
    bool check();
    void showProblem(const QString &text);
    QString problem() const;
    void setEnabled(bool enabled);
    /// Forgets what was typed (the password is never shown again).
    void clear();

    QLineEdit *first() const { return m_first; }
    QLineEdit *second() const { return m_second; }

Q_SIGNALS:
    void edited();

private:
    QLineEdit *m_first;
    QLineEdit *m_second;
    QCheckBox *m_show;
    FieldError *m_error;
};

} // namespace boxoffice::app
