// SPDX-License-Identifier: GPL-3.0-or-later
#include "canceleventdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace boxoffice::app {

CancelEventDialog::CancelEventDialog(const QString &title, const QString &when, QWidget *parent)
    : QDialog(parent)
    , m_reason(new QLineEdit(this))
    , m_confirm(new QPushButton(this))
{
    setObjectName(QStringLiteral("cancelEventDialog"));
    setWindowTitle(tr("Cancel event"));
    setMinimumWidth(620);
    auto *heading = new QLabel(tr("Cancel “%1” on %2?").arg(title, when), this);
    heading->setWordWrap(true);
    heading->setStyleSheet(QStringLiteral("font-size: 14pt; font-weight: 700; color: #c62828;"));
    auto *what = new QLabel(tr("<p>This cannot be undone. At once:</p><ul>"
                               "<li>the sale stops, online and at the counter;</li>"
                               "<li>every paid online order is refunded in full through the "
                               "payment provider;</li>"
                               "<li>all tickets are revoked and no longer open the door;</li>"
                               "<li>every buyer with an e-mail address is mailed, with your "
                               "reason;</li>"
                               "<li>the counter's paid orders are listed afterwards, for the "
                               "counter to pay back.</li></ul>"),
                            this);
    what->setWordWrap(true);
    what->setTextFormat(Qt::RichText);
    auto *reasonLabel = new QLabel(tr("&Reason (the buyers read it):"), this);
    reasonLabel->setBuddy(m_reason);
    m_reason->setObjectName(QStringLiteral("cancelReason"));
    m_reason->setAccessibleName(tr("Reason for the cancellation"));
    m_reason->setMaxLength(1000);
    m_reason->setPlaceholderText(tr("e.g. The artist is ill"));
    m_confirm->setObjectName(QStringLiteral("confirmCancel"));
    m_confirm->setText(tr("Cancel the event (Enter)"));
    m_confirm->setDefault(true);
    m_confirm->setEnabled(false);
    m_confirm->setStyleSheet(QStringLiteral("QPushButton:enabled { color: #c62828; "
                                            "font-weight: 700; }"));
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_confirm, QDialogButtonBox::AcceptRole);
    QPushButton *keep = buttons->addButton(tr("&Keep the event (Esc)"),
                                           QDialogButtonBox::RejectRole);
    keep->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!reason().isEmpty())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, [this] {
        m_confirm->setEnabled(!reason().isEmpty());
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(what);
    layout->addWidget(reasonLabel);
    layout->addWidget(m_reason);
    layout->addWidget(buttons);
    m_reason->setFocus();
}

QString CancelEventDialog::reason() const
{
    return m_reason->text().trimmed();
}

} // namespace boxoffice::app
