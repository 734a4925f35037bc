// SPDX-License-Identifier: GPL-3.0-or-later
#include "tooloptionsbar.h"

#include "numberingschemebox.h"

#include "../tooloptions.h"
#include "../tools/abstracttool.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace boxoffice::editor {

ToolOptionsBar::ToolOptionsBar(ToolOptions *options, QWidget *parent)
    : QToolBar(parent)
    , m_options(options)
    , m_seats(new QSpinBox)
    , m_spacing(new QDoubleSpinBox)
    , m_scheme(new NumberingSchemeBox)
    , m_start(new QSpinBox)
    , m_label(new QLineEdit)
    , m_labelStyle(new QComboBox)
    , m_rows(new QSpinBox)
    , m_rowSpacing(new QDoubleSpinBox)
    , m_stagger(new QCheckBox)
    , m_capacity(new QSpinBox)
    , m_text(new QLineEdit)
{
    setObjectName(QStringLiteral("toolOptions"));
    m_seats->setRange(0, 1000);
    m_seats->setValue(options->seatCount);
    m_spacing->setRange(10, 1000);
    m_spacing->setDecimals(1);
    m_spacing->setValue(options->seatSpacing);
    m_start->setRange(0, 100000);
    m_start->setValue(options->startNumber);
    m_label->setMaximumWidth(60);
    m_labelStyle->addItems(QStringList(2, QString()));
    m_rows->setRange(1, 200);
    m_rows->setValue(options->rowCount);
    m_rowSpacing->setRange(10, 1000);
    m_rowSpacing->setValue(options->rowSpacing);
    m_capacity->setRange(0, 10'000'000);
    m_capacity->setValue(options->capacity);
    m_text->setText(options->text);

    m_rowActions = {addField(QT_TR_NOOP("Seats:"), m_seats),
                    addField(QT_TR_NOOP("Spacing:"), m_spacing),
                    addField(QT_TR_NOOP("Numbering:"), m_scheme),
                    addField(QT_TR_NOOP("Start:"), m_start),
                    addField(QT_TR_NOOP("Row:"), m_label),
                    addField(QT_TR_NOOP("Labels:"), m_labelStyle)};
    m_blockActions = {addField(QT_TR_NOOP("Rows:"), m_rows),
                      addField(QT_TR_NOOP("Row spacing:"), m_rowSpacing),
                      addField(nullptr, m_stagger)};
    m_gaActions = {addField(QT_TR_NOOP("Capacity:"), m_capacity)};
    m_textActions = {addField(QT_TR_NOOP("Text:"), m_text)};
    retranslate();

    auto push = [this] { pull(); };
    connect(m_seats, &QSpinBox::valueChanged, this, push);
    connect(m_spacing, &QDoubleSpinBox::valueChanged, this, push);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, push);
    connect(m_start, &QSpinBox::valueChanged, this, push);
    connect(m_label, &QLineEdit::textChanged, this, push);
    connect(m_labelStyle, &QComboBox::currentIndexChanged, this, push);
    connect(m_rows, &QSpinBox::valueChanged, this, push);
    connect(m_rowSpacing, &QDoubleSpinBox::valueChanged, this, push);
    connect(m_stagger, &QCheckBox::toggled, this, push);
    connect(m_capacity, &QSpinBox::valueChanged, this, push);
    connect(m_text, &QLineEdit::textChanged, this, push);
}

QAction *ToolOptionsBar::addField(const char *label, QWidget *field)
{
    auto *box = new QWidget;
    auto *layout = new QHBoxLayout(box);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->setSpacing(4);
    if (label) {
        auto *text = new QLabel;
        m_labels.append({text, label});
        layout->addWidget(text);
    }
    layout->addWidget(field);
    return addWidget(box);
}

void ToolOptionsBar::retranslate()
{
    setWindowTitle(tr("Tool Options"));
    m_stagger->setText(tr("Stagger"));
    m_seats->setSpecialValueText(tr("auto"));
    m_label->setPlaceholderText(tr("next"));
    m_labelStyle->setItemText(0, tr("A, B, C (no I, O)"));
    m_labelStyle->setItemText(1, tr("1, 2, 3"));
    for (const auto &[label, source] : std::as_const(m_labels))
        label->setText(tr(source));
}

void ToolOptionsBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QToolBar::changeEvent(event);
}

void ToolOptionsBar::pull()
{
    m_options->seatCount = m_seats->value();
    m_options->seatSpacing = m_spacing->value();
    m_options->scheme = m_scheme->scheme();
    m_options->startNumber = m_start->value();
    m_options->rowLabel = m_label->text().trimmed();
    m_options->labelStyle = core::RowLabelStyle(m_labelStyle->currentIndex());
    m_options->rowCount = m_rows->value();
    m_options->rowSpacing = m_rowSpacing->value();
    m_options->stagger = m_stagger->isChecked();
    m_options->capacity = m_capacity->value();
    m_options->text = m_text->text();
    m_options->notify();
}

void ToolOptionsBar::setTool(AbstractTool *tool)
{
    const QString name = tool ? tool->iconName() : QString();
    const bool rows = name == u"row" || name == u"arc-row" || name == u"row-block";
    for (QAction *action : std::as_const(m_rowActions))
        action->setVisible(rows);
    for (QAction *action : std::as_const(m_blockActions))
        action->setVisible(name == u"row-block");
    for (QAction *action : std::as_const(m_gaActions))
        action->setVisible(name == u"ga-area");
    for (QAction *action : std::as_const(m_textActions))
        action->setVisible(name == u"text");
}

} // namespace boxoffice::editor
