// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "staffapi.h"

#include <QDialog>
#include <QJsonObject>

class QPushButton;

namespace boxoffice::app {

class DialogFooter;

/// A dialog that changes one staff account (PATCH /staff/{id}): while the change is on its way
/// the dialog is busy; then the account as the server has it is emitted and the dialog closes,
/// or the refusal is shown at the field it names or in the footer's banner.
class AccountDialog : public QDialog
{
    Q_OBJECT
public:
    QPushButton *saveButton() const;
    QString bannerText() const;
    bool isBusy() const { return m_busy; }
    /// Sends the change (as the footer's button and Enter do).
    virtual void submit() = 0;

Q_SIGNALS:
    /// The account as the server has it now.
    void accountChanged(const QJsonObject &account);

protected:
    AccountDialog(client::HttpTransport *transport, const QJsonObject &account, QWidget *parent);

    /// Makes the footer; called after the dialog's own fields, which come first in tab order.
    void addFooter(const QString &bannerName, const QString &buttonName, const QString &buttonText);
    /// Sends `changes` to the account.
    void send(const QJsonObject &changes);
    /// Shows whether a change is on its way; overrides also lock their fields.
    virtual void setBusy(bool busy);
    /// Shows `refusal` at the field it names; false when it names none of this dialog's.
    virtual bool showAtField(const client::ApiResult &refusal);

    DialogFooter *m_footer = nullptr;

private:
    StaffApi m_api;
    qint64 m_id;
    bool m_busy = false;
};

} // namespace boxoffice::app
