// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkoutdialog.h"

#include "checkout/openshiftpanel.h"
#include "checkout/splittenderpage.h"
#include "eventinfo.h"

#include <QButtonGroup>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

namespace boxoffice::app {

CheckoutDialog::CheckoutDialog(qint64 totalCents,
                               const QString &currency,
                               bool mayComp,
                               QWidget *parent)
    : QDialog(parent)
    , m_total(totalCents)
    , m_currency(currency)
    , m_methods(new QButtonGroup(this))
    , m_cash(new QRadioButton(tr("&1 Cash"), this))
    , m_card(new QRadioButton(tr("&2 Card terminal"), this))
    , m_comp(new QRadioButton(tr("&3 Complimentary"), this))
    , m_splitButton(new QRadioButton(tr("&4 Cash + card"), this))
    , m_split(new SplitTenderPage(totalCents, currency, this))
    , m_shiftPanel(new OpenShiftPanel(currency, this))
    , m_pages(new QStackedWidget(this))
    , m_tendered(new QDoubleSpinBox(this))
    , m_change(new QLabel(this))
    , m_reference(new QLineEdit(this))
    , m_reason(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_confirm(new QPushButton(tr("Confirm sale (Enter)"), this))
    , m_invoice(new QPushButton(tr("Invoice for a company… (F9)"), this))
{
    setObjectName(QStringLiteral("checkoutDialog"));
    setWindowTitle(tr("Checkout"));
    setMinimumWidth(640);
    auto *layout = new QVBoxLayout(this);
    auto *total = new QLabel(formatMoney(totalCents, currency), this);
    total->setObjectName(QStringLiteral("checkoutTotal"));
    total->setAlignment(Qt::AlignCenter);
    total->setStyleSheet(QStringLiteral("font-size: 34pt; font-weight: 700;"));
    auto *caption = new QLabel(tr("Amount due"), this);
    caption->setAlignment(Qt::AlignCenter);
    caption->setStyleSheet(QStringLiteral("font-size: 12pt; color: #616161;"));
    layout->addWidget(caption);
    layout->addWidget(total);

    auto *methods = new QHBoxLayout;
    m_splitButton->setObjectName(QStringLiteral("splitMethod"));
    for (QRadioButton *b : {m_cash, m_card, m_comp, m_splitButton}) {
        m_methods->addButton(b);
        methods->addWidget(b);
        b->setStyleSheet(QStringLiteral("font-size: 12pt;"));
    }
    m_comp->setEnabled(mayComp);
    if (!mayComp)
        m_comp->setToolTip(tr("Only a manager may give complimentary tickets"));
    m_cash->setChecked(true);
    layout->addLayout(methods);

    auto *cashPage = new QWidget(this);
    auto *cashForm = new QFormLayout(cashPage);
    m_tendered->setObjectName(QStringLiteral("tendered"));
    m_tendered->setDecimals(2);
    m_tendered->setRange(0, 1e7);
    m_tendered->setSuffix(u' ' + currency);
    m_tendered->setValue(double(totalCents) / 100.0);
    m_tendered->setStyleSheet(QStringLiteral("font-size: 18pt;"));
    cashForm->addRow(tr("Tendered:"), m_tendered);
    auto *quick = new QHBoxLayout;
    for (const int note : {5, 10, 20, 50, 100}) {
        auto *button = new QPushButton(QStringLiteral("%1").arg(note), cashPage);
        button->setAutoDefault(false);
        button->setFocusPolicy(Qt::NoFocus);
        connect(button, &QPushButton::clicked, this, [this, note] {
            // The next multiple of this note that covers the total.
            const double due = double(m_total) / 100.0;
            m_tendered->setValue(std::ceil(due / note) * note);
        });
        quick->addWidget(button);
    }
    cashForm->addRow(tr("Quick:"), quick);
    m_change->setObjectName(QStringLiteral("change"));
    m_change->setAlignment(Qt::AlignCenter);
    cashForm->addRow(m_change);
    m_pages->addWidget(cashPage);

    auto *cardPage = new QWidget(this);
    auto *cardForm = new QFormLayout(cardPage);
    m_reference->setObjectName(QStringLiteral("cardReference"));
    m_reference->setPlaceholderText(tr("Terminal receipt number"));
    cardForm->addRow(tr("Reference:"), m_reference);
    m_pages->addWidget(cardPage);

    auto *compPage = new QWidget(this);
    auto *compForm = new QFormLayout(compPage);
    m_reason->setObjectName(QStringLiteral("compReason"));
    m_reason->setPlaceholderText(tr("Why is this free? (required)"));
    compForm->addRow(tr("Reason:"), m_reason);
    m_pages->addWidget(compPage);
    m_pages->addWidget(m_split);
    layout->addWidget(m_pages);
    m_shiftPanel->hide();
    layout->addWidget(m_shiftPanel);

    m_status->setObjectName(QStringLiteral("checkoutStatus"));
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_status);
    m_confirm->setObjectName(QStringLiteral("confirmSale"));
    m_confirm->setDefault(true);
    m_confirm->setMinimumHeight(48);
    m_confirm->setStyleSheet(QStringLiteral(
        "QPushButton { background: #1b5e20; color: white; font-size: 15pt; font-weight: 600;"
        " border-radius: 6px; } QPushButton:disabled { background: #9e9e9e; }"));
    layout->addWidget(m_confirm);
    m_invoice->setObjectName(QStringLiteral("invoiceButton"));
    m_invoice->setShortcut(Qt::Key_F9);
    m_invoice->setVisible(false);
    layout->addWidget(m_invoice);
    connect(m_invoice, &QPushButton::clicked, this, [this] { Q_EMIT invoiceRequested(m_orderId); });
    auto *cancel = new QPushButton(tr("Back to the map (Esc)"), this);
    cancel->setAutoDefault(false);
    connect(cancel, &QPushButton::clicked, this, &QDialog::reject);
    layout->addWidget(cancel);

    connect(m_methods, &QButtonGroup::buttonToggled, this, [this] { updateState(); });
    connect(m_tendered, &QDoubleSpinBox::valueChanged, this, [this] { updateState(); });
    connect(m_reference, &QLineEdit::textChanged, this, [this] { updateState(); });
    connect(m_reason, &QLineEdit::textChanged, this, [this] { updateState(); });
    connect(m_split, &SplitTenderPage::changed, this, [this] { updateState(); });
    connect(m_shiftPanel, &OpenShiftPanel::openRequested, this, [this](qint64 cents) {
        m_shiftPanel->setBusy(true);
        m_status->setText(tr("Opening the shift…"));
        Q_EMIT openShiftRequested(cents);
    });
    connect(m_confirm, &QPushButton::clicked, this, &CheckoutDialog::confirm);
    updateState();
    m_tendered->setFocus();
    m_tendered->selectAll();
}

qint64 CheckoutDialog::tenderedCents() const
{
    return qRound64(m_tendered->value() * 100.0);
}

qint64 CheckoutDialog::changeCents() const
{
    return tenderedCents() - m_total;
}

QString CheckoutDialog::changeText() const
{
    return m_change->text();
}

void CheckoutDialog::setMethod(const QString &method)
{
    (method == u"card_present" ? m_card
     : method == u"comp"       ? m_comp
     : method == u"split"      ? m_splitButton
                               : m_cash)
        ->setChecked(true);
}

void CheckoutDialog::setTendered(qint64 cents)
{
    m_tendered->setValue(double(cents) / 100.0);
}

void CheckoutDialog::setReference(const QString &text)
{
    if (m_splitButton->isChecked())
        m_split->setReference(text);
    else
        (m_comp->isChecked() ? m_reason : m_reference)->setText(text);
}

QJsonObject CheckoutDialog::payment() const
{
    if (m_card->isChecked())
        return {{QStringLiteral("method"), QStringLiteral("card_present")},
                {QStringLiteral("reference"), m_reference->text().trimmed()}};
    if (m_splitButton->isChecked())
        return m_split->payment();
    if (m_comp->isChecked())
        return {{QStringLiteral("method"), QStringLiteral("comp")},
                {QStringLiteral("reason"), m_reason->text().trimmed()}};
    return {{QStringLiteral("method"), QStringLiteral("cash")},
            {QStringLiteral("tendered_cents"), tenderedCents()}};
}

void CheckoutDialog::updateState()
{
    if (m_done)
        return;
    m_pages->setCurrentIndex(m_card->isChecked()          ? 1
                             : m_comp->isChecked()        ? 2
                             : m_splitButton->isChecked() ? 3
                                                          : 0);
    m_shiftPanel->setVisible(needsShift());
    bool ok = !m_busy && !needsShift();
    if (m_cash->isChecked()) {
        const qint64 change = changeCents();
        if (change < 0) {
            m_change->setText(tr("Still due: %1").arg(formatMoney(-change, m_currency)));
            m_change->setStyleSheet(
                QStringLiteral("font-size: 20pt; font-weight: 600; color: #c62828;"));
            ok = false;
        } else {
            m_change->setText(tr("Change: %1").arg(formatMoney(change, m_currency)));
            m_change->setStyleSheet(
                QStringLiteral("font-size: 30pt; font-weight: 700; color: #1b5e20;"));
        }
    } else if (m_card->isChecked()) {
        ok = ok && !m_reference->text().trimmed().isEmpty();
    } else if (m_splitButton->isChecked()) {
        ok = ok && m_split->isComplete();
    } else {
        ok = ok && !m_reason->text().trimmed().isEmpty();
    }
    m_confirm->setEnabled(ok);
}

void CheckoutDialog::confirm()
{
    if (m_done) {
        accept();
        return;
    }
    if (!m_confirm->isEnabled())
        return;
    m_busy = true;
    m_status->setText(tr("Recording the sale…"));
    m_status->setStyleSheet(QStringLiteral("font-size: 12pt; color: #616161;"));
    updateState();
    Q_EMIT confirmed(payment());
}

void CheckoutDialog::showDone(const QString &orderId, qint64 changeCents)
{
    m_busy = false;
    m_done = true;
    for (QAbstractButton *b : m_methods->buttons())
        b->setEnabled(false);
    m_pages->setEnabled(false);
    if (m_cash->isChecked() || m_splitButton->isChecked()) {
        if (m_splitButton->isChecked()) { // the cash page shows the change in big type
            m_pages->setCurrentIndex(0);
            for (QWidget *w : m_pages->widget(0)->findChildren<QWidget *>())
                w->setVisible(w == m_change);
        }
        m_change->setText(tr("GIVE CHANGE: %1").arg(formatMoney(changeCents, m_currency)));
        m_change->setWordWrap(true);
        m_change->setStyleSheet(QStringLiteral("font-size: 26pt; font-weight: 800; color: white;"
                                               " background: #1b5e20; padding: 10px;"));
    }
    m_status->setText(tr("Sold. Order %1 — tickets are printing.").arg(orderId));
    m_status->setStyleSheet(QStringLiteral("font-size: 13pt; font-weight: 600; color: #1b5e20;"));
    m_confirm->setText(tr("Next customer (Enter)"));
    m_confirm->setEnabled(true);
    m_orderId = orderId;
    m_invoice->setVisible(!m_comp->isChecked()); // a comp is not invoiced
    m_confirm->setFocus();
    adjustSize(); // room for the wrapped status line
}

bool CheckoutDialog::needsShift() const
{
    return !m_shiftOpen && !m_done && (m_cash->isChecked() || m_splitButton->isChecked());
}

void CheckoutDialog::setShiftOpen(bool open)
{
    m_shiftOpen = open;
    updateState();
    if (needsShift())
        m_shiftPanel->findChild<QDoubleSpinBox *>()->setFocus();
}

void CheckoutDialog::shiftOpened()
{
    m_shiftPanel->setBusy(false);
    setShiftOpen(true);
    m_status->setText(tr("Shift opened. Take the money and press Enter."));
    m_status->setStyleSheet(QStringLiteral("font-size: 12pt; color: #1b5e20;"));
    (m_splitButton->isChecked() ? static_cast<QWidget *>(m_split) : m_tendered)->setFocus();
    adjustSize();
}

void CheckoutDialog::shiftFailed(const QString &message)
{
    m_shiftPanel->showError(message);
    m_status->clear();
}

void CheckoutDialog::showError(const QString &message)
{
    m_busy = false;
    m_status->setText(message);
    m_status->setStyleSheet(QStringLiteral("font-size: 12pt; font-weight: 600; color: #c62828;"));
    updateState();
    adjustSize();
}

void CheckoutDialog::keyPressEvent(QKeyEvent *event)
{
    // Enter confirms from anywhere in the dialog (also from the amount field); with the shift
    // panel up it opens the shift.
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (needsShift())
            Q_EMIT m_shiftPanel->openRequested(m_shiftPanel->floatCents());
        else
            confirm();
        return;
    }
    if (m_busy && event->key() == Qt::Key_Escape)
        return; // never walk away from a sale being recorded
    QDialog::keyPressEvent(event);
}

} // namespace boxoffice::app
