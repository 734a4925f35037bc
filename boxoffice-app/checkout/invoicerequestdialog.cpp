// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoicerequestdialog.h"

#include <client/salesclient.h>

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>

namespace boxoffice::app {

InvoiceRequestDialog::InvoiceRequestDialog(client::SalesClient *client,
                                           const QString &orderId,
                                           QWidget *parent)
    : QDialog(parent)
    , m_client(client)
    , m_orderId(orderId)
    , m_company(new QLineEdit(this))
    , m_address(new QLineEdit(this))
    , m_vat(new QLineEdit(this))
    , m_issue(new QPushButton(tr("Issue the invoice"), this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("invoiceRequestDialog"));
    setWindowTitle(tr("Invoice for order %1").arg(orderId.left(8)));
    setMinimumWidth(520); // room for the saved file's path
    m_company->setMaxLength(200);
    m_address->setMaxLength(500);
    m_vat->setMaxLength(40);
    m_status->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Company:"), m_company);
    form->addRow(tr("&Address:"), m_address);
    form->addRow(tr("&VAT number:"), m_vat);
    form->addRow(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_issue, QDialogButtonBox::AcceptRole);
    m_issue->setDefault(true);
    form->addRow(buttons);
    connect(m_issue, &QPushButton::clicked, this, &InvoiceRequestDialog::issue);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString InvoiceRequestDialog::statusText() const
{
    return m_status->text();
}

void InvoiceRequestDialog::say(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setStyleSheet(problem ? QStringLiteral("color: #c62828;")
                                    : QStringLiteral("color: #1b5e20; font-weight: 600;"));
}

void InvoiceRequestDialog::issue()
{
    if (m_company->text().trimmed().isEmpty() || m_address->text().trimmed().isEmpty()) {
        say(tr("Please fill in the company's name and address."), true);
        (m_company->text().trimmed().isEmpty() ? m_company : m_address)->setFocus();
        return;
    }
    m_issue->setEnabled(false);
    say(tr("Issuing the invoice…"), false);
    m_client->call("PUT",
                   u"/orders/" + client::SalesClient::segment(m_orderId) + u"/billing",
                   QJsonObject{{QStringLiteral("company"), m_company->text().trimmed()},
                               {QStringLiteral("address"), m_address->text().trimmed()},
                               {QStringLiteral("vat_number"), m_vat->text().trimmed()}},
                   {},
                   client::whileAlive(this, [this](const client::ApiResult &result) {
                       const QJsonArray invoices = result.body.value(u"invoices").toArray();
                       if (!result.ok() || invoices.isEmpty()) {
                           m_issue->setEnabled(true);
                           say(result.code() == u"invalid_state"
                                   ? tr("This order has its invoice details already.")
                               : result.ok() ? tr("This order gets no invoice (a comp).")
                                             : result.error,
                               true);
                           return;
                       }
                       save(invoices.first().toObject().value(u"number").toString());
                   }));
}

void InvoiceRequestDialog::save(const QString &number)
{
    m_client
        ->call("GET",
               u"/orders/" + client::SalesClient::segment(m_orderId) + u"/invoice.pdf",
               {},
               {},
               client::whileAlive(this, [this, number](const client::ApiResult &result) {
                   if (!result.ok() || !result.raw.startsWith("%PDF")) {
                       m_issue->setEnabled(true);
                       say(tr("Invoice %1 was issued but could not be fetched: %2")
                               .arg(number, result.error),
                           true);
                       return;
                   }
                   QString dir = qEnvironmentVariable("BOXOFFICE_PRINT_DIR");
                   if (dir.isEmpty())
                       dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                             + QStringLiteral("/invoices");
                   QDir().mkpath(dir);
                   QFile file(QStringLiteral("%1/invoice-%2.pdf").arg(dir, number));
                   if (!file.open(QIODevice::WriteOnly)
                       || file.write(result.raw) != result.raw.size()) {
                       say(tr("Invoice %1 could not be saved to %2.").arg(number, file.fileName()),
                           true);
                       return;
                   }
                   m_file = file.fileName();
                   say(tr("Invoice %1 saved to %2.").arg(number, m_file), false);
               }));
}

} // namespace boxoffice::app
