// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace boxoffice::app {

/// Confirms cancelling an event: says what will happen (refunds, revoked tickets, mails, the
/// counter's orders to pay back) and will not go on without a reason.
class CancelEventDialog : public QDialog
{
    Q_OBJECT
public:
    CancelEventDialog(const QString &title, const QString &when, QWidget *parent = nullptr);

    QString reason() const;
    QLineEdit *reasonEdit() const { return m_reason; }
    QPushButton *confirmButton() const { return m_confirm; }

private:
    QLineEdit *m_reason;
    QPushButton *m_confirm;
};

} // namespace boxoffice::app
