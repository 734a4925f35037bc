// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace boxoffice::client {
class SalesClient;
}

namespace boxoffice::app {

/// An invoice for a counter sale (docs/pricing.md "Invoices"): the company's name, address and
/// VAT number sent once for the order; the invoice the server then issues is saved as a PDF
/// beside the printed tickets (BOXOFFICE_PRINT_DIR, or the app's data folder).
class InvoiceRequestDialog : public QDialog
{
    Q_OBJECT
public:
    InvoiceRequestDialog(client::SalesClient *client, const QString &orderId, QWidget *parent);

    QLineEdit *company() const { return m_company; }
    QLineEdit *address() const { return m_address; }
    QLineEdit *vatNumber() const { return m_vat; }
    QPushButton *issueButton() const { return m_issue; }
    QString statusText() const;
    /// Where the invoice was saved (empty until it was).
    QString savedFile() const { return m_file; }

private:
    void issue();
    void save(const QString &number);
    void say(const QString &text, bool problem);

    client::SalesClient *m_client;
    QString m_orderId;
    QLineEdit *m_company;
    QLineEdit *m_address;
    QLineEdit *m_vat;
    QPushButton *m_issue;
    QLabel *m_status;
    QString m_file;
};

} // namespace boxoffice::app
