// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountdialog.h"

#include "dialogfooter.h"
#include "staffwords.h"

namespace boxoffice::app {

AccountDialog::AccountDialog(client::HttpTransport *transport,
                             const QJsonObject &account,
                             QWidget *parent)
    : QDialog(parent)
    , m_api(transport)
    , m_id(account.value(u"id").toInteger())
{}

void AccountDialog::addFooter(const QString &bannerName,
                              const QString &buttonName,
                              const QString &buttonText)
{
    m_footer = new DialogFooter(bannerName, buttonName, buttonText, this);
    connect(m_footer, &DialogFooter::submitted, this, &AccountDialog::submit);
}

QPushButton *AccountDialog::saveButton() const
{
    return m_footer->button();
}

QString AccountDialog::bannerText() const
{
    return m_footer->bannerText();
}

void AccountDialog::send(const QJsonObject &changes)
{
    setBusy(true);
    m_footer->hideBanner();
    m_api.update(m_id, changes, client::whileAlive(this, [this](const client::ApiResult &r) {
                     setBusy(false);
                     if (r.ok()) {
                         Q_EMIT accountChanged(r.body);
                         accept();
                     } else if (!showAtField(r)) {
                         m_footer->showBanner(StaffWords::failure(r));
                     }
                 }));
}

void AccountDialog::setBusy(bool busy)
{
    m_busy = busy;
}

bool AccountDialog::showAtField(const client::ApiResult &)
{
    return false;
}

} // namespace boxoffice::app
