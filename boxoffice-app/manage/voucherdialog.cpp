// SPDX-License-Identifier: GPL-3.0-or-later
#include "voucherdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>

namespace boxoffice::app {

VoucherDialog::VoucherDialog(const QString &eventId,
                             const QList<QPair<QString, QString>> &types,
                             QWidget *parent)
    : QDialog(parent)
    , m_eventId(eventId)
    , m_code(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_value(new QDoubleSpinBox(this))
    , m_type(new QComboBox(this))
    , m_maxUses(new QSpinBox(this))
    , m_perFan(new QSpinBox(this))
    , m_allocation(new QLineEdit(this))
{
    setObjectName(QStringLiteral("voucherDialog"));
    setWindowTitle(tr("New promo code"));
    m_code->setMaxLength(40);
    m_code->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral(
                                                             "[A-Za-z0-9][A-Za-z0-9_-]*")),
                                                         m_code));
    m_code->setPlaceholderText(tr("e.g. SPRING20 (3 to 40 letters or digits)"));
    m_kind->addItem(tr("Percentage off"), QStringLiteral("percent_off"));
    m_kind->addItem(tr("Amount off"), QStringLiteral("amount_off"));
    m_kind->addItem(tr("Fixed price"), QStringLiteral("fixed_price"));
    m_value->setRange(0, 1000000);
    m_value->setDecimals(2);
    m_type->addItem(tr("Every ticket"), QString());
    for (const auto &[id, name] : types)
        m_type->addItem(name, id);
    m_maxUses->setRange(0, 10000000);
    m_maxUses->setSpecialValueText(tr("No limit"));
    m_perFan->setRange(0, 1000);
    m_perFan->setSpecialValueText(tr("No limit"));
    m_allocation->setMaxLength(100);
    m_allocation->setPlaceholderText(tr("Allocation name, e.g. fanclub (empty: none)"));
    m_allocation->setToolTip(tr("Seats held back for this allocation become available to "
                                "whoever has the code, online too. Such a code may take 0 % off."));

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Code:"), m_code);
    form->addRow(tr("&Takes off:"), m_kind);
    form->addRow(tr("&How much:"), m_value);
    form->addRow(tr("&For:"), m_type);
    form->addRow(tr("&Uses in all:"), m_maxUses);
    form->addRow(tr("Uses per &fan:"), m_perFan);
    form->addRow(tr("&Opens seats held back for:"), m_allocation);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create code"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &VoucherDialog::showKind);
    connect(m_code, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(m_code->text().size() >= 3);
    });
    buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    showKind();
}

void VoucherDialog::showKind()
{
    const bool percent = m_kind->currentData().toString() == u"percent_off";
    m_value->setSuffix(percent ? QStringLiteral(" %") : QString());
    m_value->setMaximum(percent ? 100 : 1000000);
}

QJsonObject VoucherDialog::voucher() const
{
    QJsonObject out{{QStringLiteral("code"), m_code->text()},
                    {QStringLiteral("events"), QJsonArray{m_eventId}},
                    {QStringLiteral("kind"), m_kind->currentData().toString()}};
    if (m_kind->currentData().toString() == u"percent_off")
        out.insert(QStringLiteral("percent"), m_value->value());
    else
        out.insert(QStringLiteral("value_cents"), qRound64(m_value->value() * 100));
    if (!m_type->currentData().toString().isEmpty())
        out.insert(QStringLiteral("ticket_types"), QJsonArray{m_type->currentData().toString()});
    if (m_maxUses->value() > 0)
        out.insert(QStringLiteral("max_uses"), m_maxUses->value());
    if (m_perFan->value() > 0)
        out.insert(QStringLiteral("max_per_fan"), m_perFan->value());
    if (!m_allocation->text().trimmed().isEmpty())
        out.insert(QStringLiteral("allocation"), m_allocation->text().trimmed());
    return out;
}

} // namespace boxoffice::app
