// SPDX-License-Identifier: GPL-3.0-or-later
#include "newvenuedialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace boxoffice::editor {

NewVenueDialog::NewVenueDialog(QWidget *parent)
    : QDialog(parent)
    , m_name(new QLineEdit(tr("New Venue")))
    , m_width(new QDoubleSpinBox)
    , m_height(new QDoubleSpinBox)
{
    setWindowTitle(tr("New Venue"));
    setMinimumWidth(360);
    for (QDoubleSpinBox *box : {m_width, m_height}) {
        box->setRange(100, 1e6);
        box->setDecimals(0);
        box->setSingleStep(100);
        box->setSuffix(tr(" cm"));
    }
    m_width->setValue(4000);
    m_height->setValue(3000);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    auto *hint = new QLabel(tr("The size of the floor plan; 1 unit = 1 cm. It can be changed "
                               "later in the Properties panel."));
    hint->setWordWrap(true);
    form->addRow(hint);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this, buttons](const QString &text) {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    m_name->selectAll();
}

QString NewVenueDialog::name() const
{
    return m_name->text().trimmed();
}

QSizeF NewVenueDialog::size() const
{
    return {m_width->value(), m_height->value()};
}

} // namespace boxoffice::editor
