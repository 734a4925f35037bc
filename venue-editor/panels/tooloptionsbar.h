// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QToolBar>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace boxoffice::editor {

class AbstractTool;
class NumberingSchemeBox;
class ToolOptions;

/// The options of the current tool (seat count, spacing, numbering, labels, capacity, ...).
class ToolOptionsBar : public QToolBar
{
    Q_OBJECT
public:
    ToolOptionsBar(ToolOptions *options, QWidget *parent = nullptr);

    /// Shows the options that matter for `tool`.
    void setTool(AbstractTool *tool);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// A field with a label (untranslated source text, nullptr for none).
    QAction *addField(const char *label, QWidget *field);
    void retranslate();
    void pull();

    ToolOptions *m_options;
    QSpinBox *m_seats;
    QDoubleSpinBox *m_spacing;
    NumberingSchemeBox *m_scheme;
    QSpinBox *m_start;
    QLineEdit *m_label;
    QComboBox *m_labelStyle;
    QSpinBox *m_rows;
    QDoubleSpinBox *m_rowSpacing;
    QCheckBox *m_stagger;
    QSpinBox *m_capacity;
    QLineEdit *m_text;
    QList<QAction *> m_rowActions, m_blockActions, m_gaActions, m_textActions;
    QList<QPair<QLabel *, const char *>> m_labels;
};

} // namespace boxoffice::editor
