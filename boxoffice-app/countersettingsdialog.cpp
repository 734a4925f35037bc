// SPDX-License-Identifier: GPL-3.0-or-later
#include "countersettingsdialog.h"

#include "countersettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QVBoxLayout>

namespace boxoffice::app {

CounterSettingsDialog::CounterSettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_drawer(new QLineEdit(CounterSettings::drawer(), this))
    , m_receiptKind(new QComboBox(this))
    , m_receiptTarget(new QLineEdit(CounterSettings::receiptTarget(), this))
    , m_kick(new QCheckBox(tr("Open the cash drawer after a cash sale (ESC p)"), this))
    , m_ticketKind(new QComboBox(this))
    , m_ticketTarget(new QLineEdit(CounterSettings::ticketTarget(), this))
{
    setObjectName(QStringLiteral("counterSettings"));
    setWindowTitle(tr("Printers and drawer"));
    setMinimumWidth(520);
    m_drawer->setObjectName(QStringLiteral("drawerName"));
    m_receiptKind->setObjectName(QStringLiteral("receiptKind"));
    m_receiptKind->addItem(tr("PDF / system printer"), QStringLiteral("pdf"));
    m_receiptKind->addItem(tr("ESC/POS receipt printer"), QStringLiteral("escpos"));
    m_ticketKind->setObjectName(QStringLiteral("ticketKind"));
    m_ticketKind->addItem(tr("PDF / system printer"), QStringLiteral("pdf"));
    m_ticketKind->addItem(tr("Boca ticket printer (FGL)"), QStringLiteral("fgl"));
    m_ticketKind->addItem(tr("ESC/POS printer"), QStringLiteral("escpos"));
    m_receiptKind->setCurrentIndex(
        qMax(0, m_receiptKind->findData(CounterSettings::receiptPrinter())));
    m_ticketKind->setCurrentIndex(qMax(0, m_ticketKind->findData(CounterSettings::ticketPrinter())));
    for (QLineEdit *target : {m_receiptTarget, m_ticketTarget})
        target->setPlaceholderText(tr("printer-host:9100 or /dev/usb/lp0"));
    m_receiptTarget->setObjectName(QStringLiteral("receiptTarget"));
    m_ticketTarget->setObjectName(QStringLiteral("ticketTarget"));
    m_kick->setChecked(CounterSettings::kickDrawer());

    auto *form = new QFormLayout;
    form->addRow(tr("&Drawer (till) of this counter:"), m_drawer);
    form->addRow(tr("&Receipts:"), m_receiptKind);
    form->addRow(tr("Receipt printer &address:"), m_receiptTarget);
    form->addRow(QString(), m_kick);
    form->addRow(tr("&Tickets:"), m_ticketKind);
    form->addRow(tr("Ticket printer a&ddress:"), m_ticketTarget);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_receiptKind,
            &QComboBox::currentIndexChanged,
            this,
            &CounterSettingsDialog::updateState);
    connect(m_ticketKind,
            &QComboBox::currentIndexChanged,
            this,
            &CounterSettingsDialog::updateState);
    updateState();
}

void CounterSettingsDialog::updateState()
{
    const bool receiptRaw = m_receiptKind->currentData().toString() != u"pdf";
    m_receiptTarget->setEnabled(receiptRaw);
    m_kick->setEnabled(receiptRaw);
    m_ticketTarget->setEnabled(m_ticketKind->currentData().toString() != u"pdf");
}

void CounterSettingsDialog::save()
{
    CounterSettings::setDrawer(m_drawer->text());
    CounterSettings::setReceiptPrinter(m_receiptKind->currentData().toString(),
                                       m_receiptTarget->text());
    CounterSettings::setTicketPrinter(m_ticketKind->currentData().toString(),
                                      m_ticketTarget->text());
    CounterSettings::setKickDrawer(m_kick->isChecked());
}

} // namespace boxoffice::app
